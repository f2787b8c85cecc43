import {
  ArrowRight,
  BadgeCheck,
  Clock,
  Cloud,
  Database,
  Headset,
  MapPin,
  Network,
  Phone,
  Receipt,
  Server,
  ShieldCheck,
  Users,
} from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { withSeo } from "#app/components/seo.ts";
import { fallbackSettings, telHref } from "#app/domain/settings/settings.ts";
import type { Route } from "./+types/it-support";
import type { loader as layoutLoader } from "./layout.tsx";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "IT Support | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Managed IT support for Birmingham businesses: networks, cloud, cybersecurity, backups and help desk from local certified engineers, with 15-minute critical response.",
    },
  ]);

const services = [
  {
    title: "Network Infrastructure",
    href: "/services/network-infrastructure",
    icon: Network,
    description:
      "Switching, routing, firewalls and business-grade Wi-Fi designed, installed and monitored around the clock, so the network is the one thing nobody talks about.",
  },
  {
    title: "Managed IT Services",
    href: "/services/managed-services",
    icon: Server,
    description:
      "Your whole IT department for a fixed monthly fee: patching, monitoring, asset tracking, vendor management and a technology roadmap reviewed with you every quarter.",
  },
  {
    title: "Cloud Services",
    href: "/services/cloud-services",
    icon: Cloud,
    description:
      "Microsoft 365, Azure and AWS migrations planned to the weekend, then secured, licensed correctly and administered so you only pay for what you use.",
  },
  {
    title: "Enterprise Cybersecurity",
    href: "/services/enterprise-cybersecurity",
    icon: ShieldCheck,
    description:
      "24/7 threat detection and response, penetration testing and compliance programs for HIPAA, PCI DSS and CMMC, run by a dedicated security team.",
  },
  {
    title: "Data Management",
    href: "/services/data-management",
    icon: Database,
    description:
      "Automated, immutable backups with restore tests every quarter, disaster recovery plans you can actually follow, and databases that stay fast and clean.",
  },
  {
    title: "End-User Support",
    href: "/services/end-user-support",
    icon: Headset,
    description:
      "A friendly help desk by phone, e-mail and chat, remote fixes in minutes, on-site visits across the Birmingham metro, and onboarding that has new hires working on day one.",
  },
];

const reasons = [
  {
    title: "15-Minute Response for Critical Issues",
    icon: Clock,
    description:
      "When a server, the network or a line-of-business app goes down, an engineer is working on it within 15 minutes, day or night. Everything else is answered the same business day.",
  },
  {
    title: "Local Birmingham Engineers",
    icon: MapPin,
    description:
      "Our team lives and works in the Birmingham area. When a problem needs hands on hardware, we drive over instead of opening a ticket with an offshore queue.",
  },
  {
    title: "Certified Staff",
    icon: BadgeCheck,
    description:
      "Engineers hold Cisco CCNP, Microsoft Azure, CompTIA Security+ and ITIL certifications, and we keep them current through the same training programs we teach.",
  },
  {
    title: "Fixed Monthly Pricing",
    icon: Receipt,
    description:
      "One predictable per-user price covers support, monitoring and maintenance. No surprise invoices for tickets, and projects are quoted up front at a fixed price.",
  },
  {
    title: "One Accountable Team",
    icon: Users,
    description:
      "Networks, cloud, security and the help desk sit under one roof, so there is no finger-pointing between vendors when something crosses the boundaries.",
  },
  {
    title: "Security in Everything We Touch",
    icon: ShieldCheck,
    description:
      "Multi-factor authentication, endpoint protection and tested backups are part of every plan, not upsells. We configure to CIS benchmarks from the first day.",
  },
];

const highlights = [
  { figure: "15 min", label: "response on critical issues" },
  { figure: "24/7", label: "monitoring and alerting" },
  { figure: "99.9%", label: "uptime on managed networks" },
];

const cardLinkClass =
  "mt-6 inline-flex items-center gap-1.5 font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-2xl hover:underline dark:text-brand-300";

export default function ItSupport() {
  const settings =
    useRouteLoaderData<typeof layoutLoader>("routes/site/layout")?.settings ?? fallbackSettings;
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-20 text-white sm:py-24">
        <div className="container-page">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
            IT Support
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            IT Support That Keeps Your Business Running
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100 sm:text-xl">
            From the network closet to the cloud, our Birmingham engineers monitor, secure and
            support the technology your team depends on, for one fixed monthly price.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={telHref(settings.phone)}
              className="btn bg-white text-brand-800 hover:bg-brand-50"
            >
              <Phone className="size-4" aria-hidden="true" /> Call {settings.phone}
            </a>
            <a href="#it-services" className="btn-on-dark">
              Explore Our Services
            </a>
          </div>
          <dl className="mt-14 grid max-w-3xl gap-6 sm:grid-cols-3">
            {highlights.map((item) => (
              <div key={item.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-brand-200">{item.label}</dt>
                <dd className="text-3xl font-bold text-white">{item.figure}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section
        id="it-services"
        aria-labelledby="it-services-heading"
        className="scroll-mt-20 py-20 sm:py-24"
      >
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2
              id="it-services-heading"
              className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
            >
              Complete IT Services Under One Roof
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
              Take the whole package or start with the service you need most. Every engagement
              begins with a free assessment of your current environment.
            </p>
          </div>
          <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => {
              const Icon = service.icon;
              return (
                <li
                  key={service.title}
                  className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm transition hover:-translate-y-1 hover:shadow-lg dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-6 text-xl font-semibold text-slate-900 dark:text-white">
                    {service.title}
                  </h3>
                  <p className="mt-3 flex-1 text-slate-600 dark:text-slate-300">
                    {service.description}
                  </p>
                  <Link to={service.href} className={cardLinkClass}>
                    Get Started<span className="sr-only"> with {service.title}</span>
                    <ArrowRight
                      className="size-4 transition group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="why-heading"
        className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/60"
      >
        <div className="container-page grid gap-12 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <h2
              id="why-heading"
              className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
            >
              Why Choose Sigma for IT Support
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
              For more than 25 years we have kept Alabama offices, clinics, manufacturers and
              nonprofits online. Our clients stay because support is fast, local and predictable.
            </p>
            <p className="mt-6 text-slate-700 dark:text-slate-300">
              Have questions about our plans?{" "}
              <Link
                to="/contact"
                className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
              >
                Send us a message
              </Link>{" "}
              and we will answer within one business day.
            </p>
          </div>
          <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-3">
            {reasons.map((reason) => {
              const Icon = reason.icon;
              return (
                <li
                  key={reason.title}
                  className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
                >
                  <Icon
                    className="size-6 text-accent-600 dark:text-accent-400"
                    aria-hidden="true"
                  />
                  <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                    {reason.title}
                  </h3>
                  <p className="mt-2 text-slate-600 dark:text-slate-300">{reason.description}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="call-heading"
        className="bg-gradient-to-br from-brand-800 via-brand-900 to-slate-950 py-20 sm:py-24"
      >
        <div className="container-page flex flex-col items-start gap-8 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2
              id="call-heading"
              className="text-3xl font-bold tracking-tight text-white sm:text-4xl"
            >
              Talk to a Local Engineer Today
            </h2>
            <p className="mt-4 text-lg text-brand-100">
              Call us for a free IT assessment. We will review your network, backups and security
              and send you a written plan with a fixed monthly price, with no obligation.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <a
              href={telHref(settings.phone)}
              className="btn bg-white text-brand-800 hover:bg-brand-50"
            >
              <Phone className="size-4" aria-hidden="true" /> Call {settings.phone}
            </a>
            <Link to="/contact" className="btn-on-dark">
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
