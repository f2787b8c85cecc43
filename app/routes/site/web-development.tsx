import {
  ArrowRight,
  Code2,
  Gauge,
  LayoutTemplate,
  Mail,
  PenLine,
  Phone,
  ShoppingCart,
  Sparkles,
  Wrench,
} from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { withSeo } from "#app/components/seo.ts";
import { fallbackSettings, telHref } from "#app/domain/settings/settings.ts";
import type { Route } from "./+types/web-development";
import type { loader as layoutLoader } from "./layout.tsx";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Web Development & Ecommerce | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Custom websites, ecommerce stores and web applications built in Birmingham with React, TypeScript and Shopify: fast, accessible, search-ready and maintained for you.",
    },
  ]);

const services = [
  {
    title: "Custom Websites",
    icon: LayoutTemplate,
    description:
      "Hand-built marketing sites that load in under two seconds, meet WCAG 2.2 AA accessibility and make your next step obvious to every visitor.",
  },
  {
    title: "Ecommerce Stores",
    icon: ShoppingCart,
    description:
      "Shopify and custom storefronts with clean product catalogs, fast checkout, inventory and shipping integrations, and analytics that show what actually sells.",
  },
  {
    title: "Web Applications",
    icon: Code2,
    description:
      "Customer portals, booking systems, internal dashboards and integrations with the software you already run, built on a typed, tested codebase.",
  },
  {
    title: "CMS and Content",
    icon: PenLine,
    description:
      "WordPress or a headless CMS set up so your team can publish pages, posts and products without calling a developer, with roles and approvals.",
  },
  {
    title: "Performance and SEO",
    icon: Gauge,
    description:
      "Core Web Vitals tuning, structured data, technical SEO audits and clean redirects, so search engines and visitors both find you faster.",
  },
  {
    title: "Maintenance and Hosting",
    icon: Wrench,
    description:
      "Managed cloud hosting with 99.9% uptime, daily backups, security updates and monitoring, plus a monthly block of hours for changes.",
  },
];

const stack = [
  {
    group: "Front End",
    items: ["React", "TypeScript", "Tailwind CSS", "Accessible, responsive design systems"],
  },
  {
    group: "Back End",
    items: ["Node.js", "PostgreSQL", "REST and GraphQL APIs", "Secure authentication"],
  },
  {
    group: "Commerce and Content",
    items: ["Shopify", "WooCommerce", "WordPress", "Headless CMS"],
  },
  {
    group: "Hosting and Delivery",
    items: ["AWS and Azure cloud hosting", "Global CDN", "Automated testing", "CI/CD pipelines"],
  },
];

const steps = [
  {
    title: "Discovery & Planning",
    description:
      "We interview your team, study your customers and competitors, and agree on goals, scope, budget and a launch date in a written project plan.",
  },
  {
    title: "Design & Prototyping",
    description:
      "Wireframes and clickable prototypes let you try the site before it is built. We refine layouts, content and branding until they are approved.",
  },
  {
    title: "Development & Testing",
    description:
      "We build in short sprints with a staging site you can review weekly, and test on real phones, browsers and assistive technology before launch.",
  },
  {
    title: "Launch & Support",
    description:
      "We handle domains, redirects and go-live, then monitor performance, keep everything updated and help the site grow with your business.",
  },
];

const claims = [
  { figure: "70%", label: "faster development with our proven components" },
  { figure: "40-60%", label: "higher conversion on rebuilt sites" },
  { figure: "99.9%", label: "uptime on our managed hosting" },
];

export default function WebDevelopment() {
  const settings =
    useRouteLoaderData<typeof layoutLoader>("routes/site/layout")?.settings ?? fallbackSettings;
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-20 text-white sm:py-24">
        <div className="container-page">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
            Web Development & Ecommerce
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            Websites and Online Stores Built to Grow Your Business
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100 sm:text-xl">
            Our Birmingham team designs, builds and maintains fast, secure websites, ecommerce
            stores and web applications, with one accountable partner from first sketch to launch
            and beyond.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <InquiryButton className="btn bg-white text-brand-800 hover:bg-brand-50">
              Start Your Project
            </InquiryButton>
            <a href={`mailto:${settings.email}`} className="btn-on-dark">
              <Mail className="size-4" aria-hidden="true" /> Email Our Team
            </a>
          </div>
          <dl className="mt-14 grid max-w-3xl gap-6 sm:grid-cols-3">
            {claims.map((claim) => (
              <div key={claim.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-brand-200">{claim.label}</dt>
                <dd className="text-3xl font-bold text-white">{claim.figure}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="web-services-heading" className="py-20 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2
              id="web-services-heading"
              className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
            >
              What We Build
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
              From a five-page company site to a store with thousands of products, every project
              gets the same engineering discipline: clean code, real testing and measurable results.
            </p>
          </div>
          <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => {
              const Icon = service.icon;
              return (
                <li
                  key={service.title}
                  className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-6 text-xl font-semibold text-slate-900 dark:text-white">
                    {service.title}
                  </h3>
                  <p className="mt-3 text-slate-600 dark:text-slate-300">{service.description}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="stack-heading"
        className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/60"
      >
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2
              id="stack-heading"
              className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
            >
              Our Technology Stack
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
              Proven, widely supported tools, so your site is easy to hire for, easy to extend and
              never locked into one agency.
            </p>
          </div>
          <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {stack.map((group) => (
              <div
                key={group.group}
                className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              >
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {group.group}
                </h3>
                <ul className="mt-4 flex flex-wrap gap-2">
                  {group.items.map((item) => (
                    <li
                      key={item}
                      className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200"
                    >
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="process-heading" className="py-20 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2
              id="process-heading"
              className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
            >
              Our Process
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
              Four clear stages with a fixed price and a sign-off at each one, so you always know
              where your project stands.
            </p>
          </div>
          <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
              <li
                key={step.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              >
                <span
                  className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white dark:bg-brand-500 dark:text-slate-950"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                  {step.title}
                </h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        aria-labelledby="ai-heading"
        className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/60"
      >
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <Sparkles className="size-8 text-accent-600 dark:text-accent-400" aria-hidden="true" />
            <h2
              id="ai-heading"
              className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
            >
              Add AI Where It Pays Off
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
              Product recommendations, a support chatbot trained on your own content, smart search
              and personalized landing pages can all be built into your new site. We recommend only
              what will move your numbers.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap lg:ml-auto lg:w-80 lg:flex-col">
            <Link to="/sigma-ai" className="btn-primary">
              Explore Sigma AI Solutions <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link to="/ai-powered-web-design" className="btn-secondary">
              AI-Powered Web Design
            </Link>
            <Link to="/portfolio" className="btn-secondary">
              See Our Portfolio
            </Link>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="project-cta-heading"
        className="bg-gradient-to-br from-brand-800 via-brand-900 to-slate-950 py-20 sm:py-24"
      >
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2
              id="project-cta-heading"
              className="text-3xl font-bold tracking-tight text-white sm:text-4xl"
            >
              Ready to Start Your Project?
            </h2>
            <p className="mt-4 text-lg text-brand-100">
              Tell us what you want to build. You will hear back within one business day with
              questions, a realistic timeline and a ballpark budget.
            </p>
            <div className="mt-8">
              <InquiryButton className="btn bg-white text-brand-800 hover:bg-brand-50">
                Request a Project Estimate
              </InquiryButton>
            </div>
          </div>
          <address className="grid gap-4 text-white not-italic sm:grid-cols-2 lg:grid-cols-1">
            <a
              href={`mailto:${settings.email}`}
              className="flex items-center gap-3 rounded-xl bg-white/10 p-4 hover:bg-white/15"
            >
              <Mail className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
              <span className="break-all">{settings.email}</span>
            </a>
            <a
              href={telHref(settings.phone)}
              className="flex items-center gap-3 rounded-xl bg-white/10 p-4 hover:bg-white/15"
            >
              <Phone className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
              <span>{settings.phone}</span>
            </a>
          </address>
        </div>
      </section>
    </main>
  );
}
