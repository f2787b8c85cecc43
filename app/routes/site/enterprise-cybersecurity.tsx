import { Link } from "react-router";
import { GeneralInquiryForm } from "#app/components/inquiry/message-forms.tsx";
import { ContactLine } from "#app/components/layout/contact-line.tsx";
import { CheckList } from "#app/components/marketing/cards.tsx";
import { ConsultationLink } from "#app/components/marketing/consultation-link.tsx";
import { FeatureSection } from "#app/components/marketing/feature-section.tsx";
import { FormSection } from "#app/components/marketing/form-section.tsx";
import { lightButtonClass, PageHero } from "#app/components/marketing/page-hero.tsx";
import {
  inlineLinkClass,
  PageSection,
  SectionHeading,
} from "#app/components/marketing/section.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { analytics, sampleReport, services, stats } from "#app/domain/content/cybersecurity.ts";
import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { telHref } from "#app/domain/settings/settings.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/enterprise-cybersecurity";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

export { inquiryAction as action } from "#app/web/inquiry.server.ts";

import { useSiteSettings } from "#app/components/layout/use-site-settings.ts";
import { withSeo } from "#app/components/seo.ts";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Enterprise Cybersecurity | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "24/7 security operations, penetration testing, HIPAA, PCI DSS and CMMC compliance, and incident response for Alabama organizations. Talk to a security specialist.",
    },
  ]);

export function loader() {
  return { stats, services, analytics, sampleReport };
}

export default function EnterpriseCybersecurity({ loaderData }: Route.ComponentProps) {
  const { stats, services, analytics, sampleReport } = loaderData;
  const settings = useSiteSettings();
  return (
    <main id="main">
      <PageHero
        eyebrow="Security Services"
        title="Enterprise Cybersecurity"
        lead="Round-the-clock monitoring, tested defenses and audit-ready compliance from a security team based in Birmingham. We protect hospitals, manufacturers, defense suppliers and financial firms across Alabama."
        actions={
          <>
            <a href="#contact" className={lightButtonClass}>
              Talk to a Specialist
            </a>
            <a href="#services" className="btn-on-dark">
              Explore Security Services
            </a>
          </>
        }
      />

      <section
        aria-labelledby="stats-heading"
        className="border-b border-slate-200 bg-white py-12 dark:border-slate-800 dark:bg-slate-950"
      >
        <div className="container-page">
          <h2 id="stats-heading" className="sr-only">
            Security by the Numbers
          </h2>
          <dl className="grid grid-cols-2 gap-8 text-center sm:grid-cols-3 lg:grid-cols-5">
            {stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse justify-end last:col-span-2 sm:last:col-span-1"
              >
                <dt className="mt-1 text-sm text-slate-600 dark:text-slate-400">{stat.label}</dt>
                <dd className="text-2xl font-bold text-balance text-brand-700 sm:text-3xl dark:text-brand-300">
                  {stat.figure}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <FeatureSection
        id="services"
        headingId="services-heading"
        title="Security Services"
        intro="Four practices that work as one program, so prevention, detection, compliance and response share the same people, tools and knowledge of your environment."
        features={services}
        gridClassName="mt-14 grid gap-8 lg:grid-cols-2"
        cardClassName="p-8 shadow-sm"
        details={(service) => <CheckList items={service.items} className="mt-5 space-y-2" />}
      >
        <p className="mt-12 text-center text-slate-700 dark:text-slate-300">
          Need help beyond security? See our{" "}
          <Link to="/services/managed-services" className={inlineLinkClass}>
            managed IT services
          </Link>{" "}
          or train your team with our{" "}
          <Link to="/certification-training" className={inlineLinkClass}>
            security certification courses
          </Link>
          .
        </p>
      </FeatureSection>

      <PageSection
        labelledBy="analytics-heading"
        muted
        containerClassName="grid gap-12 lg:grid-cols-2"
      >
        <SectionHeading
          id="analytics-heading"
          title="Security Analytics and Reporting"
          intro="You should never have to wonder whether your security is working. Every client gets clear visibility, from live dashboards for IT to a monthly briefing for leadership."
          className=""
        >
          <ul className="mt-8 space-y-6">
            {analytics.map((item) => {
              return (
                <li key={item.title} className="flex gap-4">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                    <Icon name={item.icon} className="size-5" />
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900 dark:text-white">{item.title}</h3>
                    <p className="mt-1 text-slate-600 dark:text-slate-300">{item.description}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </SectionHeading>
        <figure className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <figcaption>
            <span className="block text-lg font-semibold text-slate-900 dark:text-white">
              Threats Blocked by Category
            </span>
            <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
              An illustrative month from an executive report
            </span>
          </figcaption>
          <ul className="mt-6 space-y-4">
            {sampleReport.map((row) => (
              <li key={row.label}>
                <div className="flex justify-between gap-4 text-sm">
                  <span className="text-slate-700 dark:text-slate-200">{row.label}</span>
                  <span className="font-semibold text-slate-900 dark:text-white">{row.share}%</span>
                </div>
                <div
                  className="mt-1.5 h-2 rounded-full bg-slate-100 dark:bg-slate-800"
                  aria-hidden="true"
                >
                  <div
                    className="h-2 rounded-full bg-gradient-to-r from-brand-600 to-accent-500"
                    style={{ width: `${row.share}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </figure>
      </PageSection>

      <FormSection
        id="contact"
        title="Talk to a Security Specialist"
        intro={`Tell us about your environment and the frameworks you answer to. A specialist will reply ${REPLY_PROMISE} with a free security assessment proposal.`}
        form={<GeneralInquiryForm defaultType="enterprise-security" />}
      >
        <p className="mt-4 text-slate-700 dark:text-slate-300">
          Rather talk it through first? Pick a time for a call with a security specialist.
        </p>
        <ConsultationLink topic="enterprise-security" className="btn-secondary mt-4" />
        <p className="mt-6 text-slate-700 dark:text-slate-300">
          Responding to an active incident? Call us now; the line is answered 24/7.
        </p>
        <address className="mt-8 space-y-4 text-slate-700 not-italic dark:text-slate-300">
          <ContactLine icon="phone">
            <a href={telHref(settings.phone)} className={inlineLinkClass}>
              {settings.phone}
            </a>
          </ContactLine>
          <ContactLine icon="mail">
            <a href={`mailto:${settings.email}`} className={`${inlineLinkClass} break-all`}>
              {settings.email}
            </a>
          </ContactLine>
        </address>
      </FormSection>
    </main>
  );
}
