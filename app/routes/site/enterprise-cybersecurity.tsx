import { Link } from "react-router";
import { GeneralInquiryForm } from "#app/components/inquiry/message-forms.tsx";
import { CheckList, FeatureCard } from "#app/components/marketing/cards.tsx";
import { FormSection } from "#app/components/marketing/form-section.tsx";
import { lightButtonClass, PageHero } from "#app/components/marketing/page-hero.tsx";
import {
  inlineLinkClass,
  PageSection,
  SectionHeading,
} from "#app/components/marketing/section.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { telHref } from "#app/domain/settings/settings.ts";
import type { Route } from "./+types/enterprise-cybersecurity";

export { inquiryAction as action } from "#app/domain/leads/inquiry-action.server.ts";

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

const stats = [
  { figure: "10M+", label: "threats blocked monthly" },
  { figure: "Under 15 min", label: "response time" },
  { figure: "500K+", label: "protected assets" },
  { figure: "99.9%", label: "success rate" },
  { figure: "25+", label: "years of experience" },
];

const services: {
  title: string;
  subtitle: string;
  icon: IconName;
  description: string;
  items: string[];
}[] = [
  {
    title: "24/7 Security Operations Center",
    subtitle: "Managed detection and response",
    icon: "radar",
    description:
      "Our analysts watch your endpoints, servers, cloud accounts and firewalls around the clock. Threats are investigated, contained and explained to you, not just forwarded as alerts.",
    items: [
      "Endpoint detection and response on every device",
      "SIEM log correlation across cloud and on-premises systems",
      "Isolation of compromised devices within minutes",
      "Microsoft 365 and identity threat monitoring",
    ],
  },
  {
    title: "Penetration Testing and Vulnerability Management",
    subtitle: "Find the gaps before attackers do",
    icon: "search-code",
    description:
      "Certified testers probe your networks, web applications and people the way a real attacker would, then help your team fix what matters first.",
    items: [
      "External, internal and wireless penetration tests",
      "Web application testing against the OWASP Top 10",
      "Phishing simulations and security awareness training",
      "Continuous scanning with risk-ranked remediation plans",
    ],
  },
  {
    title: "Compliance and Risk Management",
    subtitle: "HIPAA, PCI DSS, CMMC and NIST",
    icon: "clipboard-check",
    description:
      "We map your controls to the frameworks your customers and regulators require, close the gaps and keep the evidence ready for your next audit.",
    items: [
      "Gap assessments against HIPAA, PCI DSS, CMMC and NIST CSF",
      "Written security policies and risk registers",
      "Vendor and third-party risk reviews",
      "Audit preparation and evidence collection",
    ],
  },
  {
    title: "Incident Response and Digital Forensics",
    subtitle: "Contain, investigate, recover",
    icon: "siren",
    description:
      "When the worst happens, our response team is on the line in under 15 minutes to stop the spread, preserve evidence and get your business back online.",
    items: [
      "Incident response retainers with guaranteed response times",
      "Ransomware containment and recovery",
      "Forensic investigation with chain-of-custody reporting",
      "Tabletop exercises and response playbooks",
    ],
  },
];

const analytics: { title: string; icon: IconName; description: string }[] = [
  {
    title: "Real-Time Dashboards",
    icon: "layout-dashboard",
    description:
      "See open alerts, patch status, risky sign-ins and compliance posture at a glance, for every site and cloud tenant.",
  },
  {
    title: "Threat Intelligence",
    icon: "shield-check",
    description:
      "Indicators from industry feeds and our own SOC are applied to your defenses automatically, tuned to your sector.",
  },
  {
    title: "Monthly Executive Reports",
    icon: "file-chart-column-increasing",
    description:
      "A plain-English summary for leadership and boards: what we stopped, what changed, and the risks to fund next.",
  },
];

/** An illustrative month, as it appears in an executive report. */
const sampleReport = [
  { label: "Phishing and malicious e-mail", share: 46 },
  { label: "Malware and ransomware attempts", share: 21 },
  { label: "Suspicious sign-ins", share: 17 },
  { label: "Network intrusion attempts", share: 11 },
  { label: "Policy violations", share: 5 },
];

export default function EnterpriseCybersecurity() {
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

      <PageSection id="services" labelledBy="services-heading">
        <SectionHeading
          id="services-heading"
          title="Security Services"
          intro="Four practices that work as one program, so prevention, detection, compliance and response share the same people, tools and knowledge of your environment."
        />
        <ul className="mt-14 grid gap-8 lg:grid-cols-2">
          {services.map((service) => (
            <FeatureCard
              key={service.title}
              icon={service.icon}
              title={service.title}
              subtitle={service.subtitle}
              description={service.description}
              className="p-8 shadow-sm"
            >
              <CheckList items={service.items} className="mt-5 space-y-2" />
            </FeatureCard>
          ))}
        </ul>
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
      </PageSection>

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
                    <Icon name={item.icon} className="size-5" aria-hidden="true" />
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
        intro="Tell us about your environment and the frameworks you answer to. A specialist will reply within one business day with a free security assessment proposal."
        form={<GeneralInquiryForm defaultType="enterprise-security" />}
      >
        <p className="mt-4 text-slate-700 dark:text-slate-300">
          Responding to an active incident? Call us now; the line is answered 24/7.
        </p>
        <address className="mt-8 space-y-4 text-slate-700 not-italic dark:text-slate-300">
          <p className="flex items-center gap-3">
            <Icon
              name="phone"
              className="size-5 text-brand-600 dark:text-brand-400"
              aria-hidden="true"
            />
            <a href={telHref(settings.phone)} className={inlineLinkClass}>
              {settings.phone}
            </a>
          </p>
          <p className="flex items-center gap-3">
            <Icon
              name="mail"
              className="size-5 text-brand-600 dark:text-brand-400"
              aria-hidden="true"
            />
            <a href={`mailto:${settings.email}`} className={`${inlineLinkClass} break-all`}>
              {settings.email}
            </a>
          </p>
        </address>
      </FormSection>
    </main>
  );
}
