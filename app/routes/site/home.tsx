import { data } from "react-router";
import { HeroSlider } from "#app/components/home/hero-slider.tsx";
import {
  ClosingCallToAction,
  RecentProjectsSection,
  ServicesSection,
  TestimonialsSection,
  WhyChooseSection,
} from "#app/components/home/sections.tsx";
import { useSiteSettings } from "#app/components/layout/use-site-settings.ts";
import { withSeo } from "#app/components/seo.ts";
import { getHomepageView } from "#app/domain/content/content.server.ts";
import { appContext } from "#app/platform/context.ts";
import { AS_DOCUMENT, STATIC_PAGE_WITH_INQUIRY } from "#app/platform/static-page.ts";
import type { Route } from "./+types/home";

export const handle = STATIC_PAGE_WITH_INQUIRY;
export const clientMiddleware = AS_DOCUMENT;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(appContext);
  const view = await getHomepageView(db, logger);
  return data(view, { headers: view.degraded ? { "Cache-Control": "no-store" } : {} });
}

// A page rendered from fallbacks after a failed read says so, and is not kept by the page cache.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    {
      title:
        "Sigma Technology Partners | AI Web Design, IT Services & Certification Training in Alabama",
    },
    {
      name: "description",
      content:
        "Alabama's partner for AI-powered web design, managed IT support, enterprise cybersecurity and instructor-led Cisco, Fortinet, CompTIA and ISACA certification training.",
    },
  ]);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { content, slides, contentUnavailable } = loaderData;
  const settings = useSiteSettings();

  return (
    <main id="main">
      <HeroSlider slides={slides} fallback={content.hero} />
      {contentUnavailable && (
        <p
          role="status"
          className="bg-amber-50 py-2 text-center text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          Some of this page could not be loaded just now; you are seeing our standard content.
        </p>
      )}
      <ServicesSection section={content.services} />
      <WhyChooseSection section={content.about} />
      <RecentProjectsSection section={content.portfolio} />
      {content.testimonials && <TestimonialsSection section={content.testimonials} />}
      <ClosingCallToAction section={content.contact} settings={settings} />
    </main>
  );
}
