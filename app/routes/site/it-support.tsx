import { Link } from "react-router";
import { useSiteSettings } from "#app/components/layout/use-site-settings.ts";
import { CardLinkArrow, cardLinkClass, PointCards } from "#app/components/marketing/cards.tsx";
import { ClosingCta } from "#app/components/marketing/closing-cta.tsx";
import { ConsultationLink } from "#app/components/marketing/consultation-link.tsx";
import { FeatureSection } from "#app/components/marketing/feature-section.tsx";
import { lightButtonClass, PageHero } from "#app/components/marketing/page-hero.tsx";
import {
  inlineLinkClass,
  PageSection,
  SectionHeading,
} from "#app/components/marketing/section.tsx";
import { withSeo } from "#app/components/seo.ts";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { telHref } from "#app/domain/settings/settings.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/it-support";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "IT Support | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Managed IT support for Birmingham businesses: networks, cloud, cybersecurity, backups and help desk from local certified engineers, with 15-minute critical response.",
    },
  ]);

const services: { title: string; href: string; icon: IconName; description: string }[] = [
  {
    title: "Network Infrastructure",
    href: "/services/network-infrastructure",
    icon: "network",
    description:
      "Switching, routing, firewalls and business-grade Wi-Fi designed, installed and monitored around the clock, so the network is the one thing nobody talks about.",
  },
  {
    title: "Managed IT Services",
    href: "/services/managed-services",
    icon: "server",
    description:
      "Your whole IT department for a fixed monthly fee: patching, monitoring, asset tracking, vendor management and a technology roadmap reviewed with you every quarter.",
  },
  {
    title: "Cloud Services",
    href: "/services/cloud-services",
    icon: "cloud",
    description:
      "Microsoft 365, Azure and AWS migrations planned to the weekend, then secured, licensed correctly and administered so you only pay for what you use.",
  },
  {
    title: "Enterprise Cybersecurity",
    href: "/services/enterprise-cybersecurity",
    icon: "shield-check",
    description:
      "24/7 threat detection and response, penetration testing and compliance programs for HIPAA, PCI DSS and CMMC, run by a dedicated security team.",
  },
  {
    title: "Data Management",
    href: "/services/data-management",
    icon: "database",
    description:
      "Automated, immutable backups with restore tests every quarter, disaster recovery plans you can actually follow, and databases that stay fast and clean.",
  },
  {
    title: "End-User Support",
    href: "/services/end-user-support",
    icon: "headset",
    description:
      "A friendly help desk by phone, e-mail and chat, remote fixes in minutes, on-site visits across the Birmingham metro, and onboarding that has new hires working on day one.",
  },
];

const reasons: { title: string; icon: IconName; description: string }[] = [
  {
    title: "15-Minute Response for Critical Issues",
    icon: "clock",
    description:
      "When a server, the network or a line-of-business app goes down, an engineer is working on it within 15 minutes, day or night. Everything else is answered the same business day.",
  },
  {
    title: "Local Birmingham Engineers",
    icon: "map-pin",
    description:
      "Our team lives and works in the Birmingham area. When a problem needs hands on hardware, we drive over instead of opening a ticket with an offshore queue.",
  },
  {
    title: "Certified Staff",
    icon: "badge-check",
    description:
      "Engineers hold Cisco CCNP, Microsoft Azure, CompTIA Security+ and ITIL certifications, and we keep them current through the same training programs we teach.",
  },
  {
    title: "Fixed Monthly Pricing",
    icon: "receipt",
    description:
      "One predictable per-user price covers support, monitoring and maintenance. No surprise invoices for tickets, and projects are quoted up front at a fixed price.",
  },
  {
    title: "One Accountable Team",
    icon: "users",
    description:
      "Networks, cloud, security and the help desk sit under one roof, so there is no finger-pointing between vendors when something crosses the boundaries.",
  },
  {
    title: "Security in Everything We Touch",
    icon: "shield-check",
    description:
      "Multi-factor authentication, endpoint protection and tested backups are part of every plan, not upsells. We configure to CIS benchmarks from the first day.",
  },
];

const highlights = [
  { figure: "15 min", label: "response on critical issues" },
  { figure: "24/7", label: "monitoring and alerting" },
  { figure: "99.9%", label: "uptime on managed networks" },
];

export default function ItSupport() {
  const settings = useSiteSettings();
  const callButton = (
    <a href={telHref(settings.phone)} className={lightButtonClass}>
      <Icon name="phone" className="size-4" /> Call {settings.phone}
    </a>
  );
  return (
    <main id="main">
      <PageHero
        eyebrow="IT Support"
        title="IT Support That Keeps Your Business Running"
        lead="From the network closet to the cloud, our Birmingham engineers monitor, secure and support the technology your team depends on, for one fixed monthly price."
        actions={
          <>
            {callButton}
            <a href="#it-services" className="btn-on-dark">
              Explore Our Services
            </a>
          </>
        }
        figures={highlights}
      />

      <FeatureSection
        id="it-services"
        headingId="it-services-heading"
        title="Complete IT Services Under One Roof"
        intro="Take the whole package or start with the service you need most. Every engagement begins with a free assessment of your current environment."
        features={services}
        action={(service) => (
          <Link to={service.href} className={cardLinkClass}>
            Get Started<span className="sr-only"> with {service.title}</span>
            <CardLinkArrow />
          </Link>
        )}
      />

      <PageSection labelledBy="why-heading" muted containerClassName="grid gap-12 lg:grid-cols-5">
        <SectionHeading
          id="why-heading"
          title="Why Choose Sigma for IT Support"
          intro="For more than 25 years we have kept Alabama offices, clinics, manufacturers and nonprofits online. Our clients stay because support is fast, local and predictable."
          className="lg:col-span-2"
        >
          <p className="mt-6 text-slate-700 dark:text-slate-300">
            Have questions about our plans?{" "}
            <Link to="/contact" className={inlineLinkClass}>
              Send us a message
            </Link>{" "}
            and we will answer {REPLY_PROMISE}.
          </p>
        </SectionHeading>
        <PointCards points={reasons} className="grid gap-6 sm:grid-cols-2 lg:col-span-3" />
      </PageSection>

      <ClosingCta
        layout="row"
        headingId="call-heading"
        title="Talk to a Local Engineer Today"
        lead="Call us for a free IT assessment. We will review your network, backups and security and send you a written plan with a fixed monthly price, with no obligation."
        actions={
          <>
            {callButton}
            <ConsultationLink topic="support" className="btn-on-dark" />
            <Link to="/contact" className="btn-on-dark">
              Contact Us
            </Link>
          </>
        }
      />
    </main>
  );
}
