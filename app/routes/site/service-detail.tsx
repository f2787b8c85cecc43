import { data } from "react-router";
import { ServiceInquiryForm } from "#app/components/inquiry/message-forms.tsx";
import { useSiteSettings } from "#app/components/layout/use-site-settings.ts";
import { Breadcrumbs } from "#app/components/marketing/breadcrumbs.tsx";
import { CheckListPanel, PointCards } from "#app/components/marketing/cards.tsx";
import { ConsultationLink } from "#app/components/marketing/consultation-link.tsx";
import { FormSection } from "#app/components/marketing/form-section.tsx";
import { lightButtonClass } from "#app/components/marketing/page-hero.tsx";
import {
  inlineLinkClass,
  PageSection,
  SectionHeading,
} from "#app/components/marketing/section.tsx";
import { withSeo } from "#app/components/seo.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { findService } from "#app/domain/content/services.ts";
import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { telHref } from "#app/domain/settings/settings.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/service-detail";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

export { inquiryAction as action } from "#app/web/inquiry.server.ts";

export function loader({ params }: Route.LoaderArgs) {
  const service = findService(params.service);
  if (!service) throw data(null, { status: 404 });
  return { service };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? withSeo(args, [
        { title: `${args.loaderData.service.title} | Sigma Technology Partners` },
        { name: "description", content: args.loaderData.service.metaDescription },
      ])
    : [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];

export default function ServiceDetailPage({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  const settings = useSiteSettings();
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-slate-950 py-16 text-white sm:py-20">
        <div className="container-page">
          <Breadcrumbs
            parents={[{ name: "IT Support", path: "/it-support" }]}
            current={service.title}
          />
          <div className="mt-8 flex items-start gap-5">
            <span className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-white/10 sm:inline-flex">
              <Icon name={service.icon} className="size-7 text-accent-400" />
            </span>
            <div>
              <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{service.title}</h1>
              <p className="mt-4 max-w-2xl text-lg text-brand-100">{service.tagline}</p>
              <div className="mt-8 flex flex-wrap gap-3">
                <a href="#get-started" className={lightButtonClass}>
                  Get Started
                </a>
                <a href={telHref(settings.phone)} className="btn-on-dark">
                  <Icon name="phone" className="size-4" /> Call {settings.phone}
                </a>
              </div>
            </div>
          </div>
        </div>
      </section>

      <PageSection
        labelledBy="overview-heading"
        compact
        containerClassName="grid gap-12 lg:grid-cols-3"
      >
        <SectionHeading id="overview-heading" title="Overview" compact className="lg:col-span-2">
          {service.overview.map((paragraph) => (
            <p
              key={paragraph.slice(0, 40)}
              className="mt-4 text-lg text-slate-600 dark:text-slate-300"
            >
              {paragraph}
            </p>
          ))}
        </SectionHeading>
        <CheckListPanel
          headingId="benefits-heading"
          title={service.benefits.heading}
          items={service.benefits.items}
        />
      </PageSection>

      <PageSection labelledBy="features-heading" muted compact>
        <SectionHeading id="features-heading" title="Key Features" compact className="" />
        <PointCards
          points={service.features}
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        />
      </PageSection>

      <FormSection
        id="get-started"
        compact
        title="Get Started"
        intro={`Tell us about your environment and goals. A ${service.title.toLowerCase()} specialist will call you ${REPLY_PROMISE} with next steps and a fixed-price proposal.`}
        form={<ServiceInquiryForm service={service.title} />}
      >
        <p className="mt-6 text-slate-700 dark:text-slate-300">
          Prefer to talk now? Call us at{" "}
          <a href={telHref(settings.phone)} className={inlineLinkClass}>
            {settings.phone}
          </a>
          , or pick a time that suits you.
        </p>
        <ConsultationLink topic="support" className="btn-secondary mt-4" />
      </FormSection>
    </main>
  );
}
