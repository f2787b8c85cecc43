import { Link } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { FeatureCard } from "#app/components/marketing/cards.tsx";
import { consultationHref } from "#app/components/marketing/consultation-link.tsx";
import { FormSection } from "#app/components/marketing/form-section.tsx";
import { lightButtonClass, PageHero } from "#app/components/marketing/page-hero.tsx";
import { PageSection, SectionHeading } from "#app/components/marketing/section.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { type AiCapability, aiCapabilities } from "#app/domain/content/services.ts";
import { AI_DESIGN_INQUIRY_TYPE } from "#app/domain/leads/leads.ts";
import { AS_DOCUMENT, STATIC_PAGE_WITH_INQUIRY } from "#app/platform/static-page.ts";
import type { Route } from "./+types/ai-powered-web-design";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE_WITH_INQUIRY;
export const clientMiddleware = AS_DOCUMENT;

export { inquiryAction as action } from "#app/web/inquiry.server.ts";

import { withSeo } from "#app/components/seo.ts";

export function loader() {
  return { capabilities: aiCapabilities };
}

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "AI-Powered Web Design | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Websites with AI built in: layout generation, personalization, chatbots and predictive analytics, designed and built in Alabama. Schedule a free consultation.",
    },
  ]);

const icons: Record<AiCapability["icon"], IconName> = {
  layout: "layout-template",
  palette: "palette",
  "file-text": "file-text",
  "mouse-pointer": "mouse-pointer-click",
  bot: "bot",
  "trending-up": "trending-up",
  split: "split",
  "user-cog": "user-cog",
};

/** The booking page, with the AI design page's topic chosen. */
const BOOKING_LINK = consultationHref(AI_DESIGN_INQUIRY_TYPE);

const claims = [
  { figure: "70%", label: "faster from first sketch to launch" },
  { figure: "40-60%", label: "higher conversion on redesigned pages" },
  { figure: "99.9%", label: "uptime on our managed hosting" },
];

export default function AiPoweredWebDesign({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <PageHero
        eyebrow="AI-Powered Web Design"
        title="Websites That Learn From Every Visitor"
        lead="We design and build fast, accessible sites with AI where it earns its keep: layouts generated from your goals, content tuned for search, and personalization that turns visitors into customers."
        actions={
          <>
            <Link to={BOOKING_LINK} className={lightButtonClass}>
              Schedule Consultation
            </Link>
            <InquiryButton className="btn-on-dark">Start Your AI Design</InquiryButton>
          </>
        }
        figures={claims}
      />

      <PageSection labelledBy="capabilities-heading">
        <SectionHeading
          id="capabilities-heading"
          title="Eight AI Capabilities, Built In"
          intro="Pick the ones that fit your business; we set them up, measure them and keep them working."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.capabilities.map((capability) => (
            <FeatureCard
              key={capability.title}
              icon={icons[capability.icon]}
              title={capability.title}
              description={capability.description}
              size="md"
              className="p-6 shadow-sm"
            />
          ))}
        </ul>
        <div className="mt-12 flex flex-wrap justify-center gap-4">
          <Link to="/portfolio" className="btn-secondary">
            See Our Portfolio <Icon name="arrow-right" className="size-4" />
          </Link>
          <Link to="/sigma-ai" className="btn-secondary">
            {"Explore Sigma AI Solutions "}
            <Icon name="arrow-right" className="size-4" />
          </Link>
        </div>
      </PageSection>

      <FormSection
        id="consultation"
        muted
        title="Schedule a Free Consultation"
        intro="Thirty minutes with a designer and an engineer: we look at your current site, your goals and your budget, and tell you honestly which AI features would pay off."
        form={
          <div>
            <h3 className="text-xl font-semibold text-slate-900 dark:text-white">
              Pick a time that suits you
            </h3>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              See our consultants' free times in your own time zone and book one in a minute. You
              get a calendar invitation right away, with a link to reschedule or cancel.
            </p>
            <p className="mt-6 flex flex-wrap gap-4">
              <Link to={BOOKING_LINK} className="btn-primary">
                Choose a time <Icon name="arrow-right" className="size-4" />
              </Link>
              <Link to="/contact" className="btn-secondary">
                Prefer to write? Send a message
              </Link>
            </p>
          </div>
        }
      />
    </main>
  );
}
