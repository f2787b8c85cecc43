import {
  Check,
  ChevronRight,
  Cloud,
  Database,
  Headset,
  Network,
  Phone,
  Server,
} from "lucide-react";
import { data, Link, useRouteLoaderData } from "react-router";
import { ServiceInquiryForm } from "#app/components/inquiry/message-forms.tsx";
import { withSeo } from "#app/components/seo.ts";
import { findService, type ServiceDetail } from "#app/domain/content/services.ts";
import { fallbackSettings, telHref } from "#app/domain/settings/settings.ts";
import type { Route } from "./+types/service-detail";
import type { loader as layoutLoader } from "./layout.tsx";

export { inquiryAction as action } from "#app/domain/leads/inquiry-action.server.ts";

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

const icons: Record<ServiceDetail["icon"], typeof Network> = {
  network: Network,
  cloud: Cloud,
  database: Database,
  headset: Headset,
  server: Server,
};

export default function ServiceDetailPage({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  const settings =
    useRouteLoaderData<typeof layoutLoader>("routes/site/layout")?.settings ?? fallbackSettings;
  const Icon = icons[service.icon];
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-slate-950 py-16 text-white sm:py-20">
        <div className="container-page">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-brand-200">
              <li>
                <Link to="/" className="hover:underline">
                  Home
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
              <li>
                <Link to="/it-support" className="hover:underline">
                  IT Support
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
              <li aria-current="page" className="text-white">
                {service.title}
              </li>
            </ol>
          </nav>
          <div className="mt-8 flex items-start gap-5">
            <span className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-white/10 sm:inline-flex">
              <Icon className="size-7 text-accent-400" aria-hidden="true" />
            </span>
            <div>
              <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{service.title}</h1>
              <p className="mt-4 max-w-2xl text-lg text-brand-100">{service.tagline}</p>
              <div className="mt-8 flex flex-wrap gap-3">
                <a href="#get-started" className="btn bg-white text-brand-800 hover:bg-brand-50">
                  Get Started
                </a>
                <a href={telHref(settings.phone)} className="btn-on-dark">
                  <Phone className="size-4" aria-hidden="true" /> Call {settings.phone}
                </a>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="overview-heading" className="py-16 sm:py-20">
        <div className="container-page grid gap-12 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <h2 id="overview-heading" className="text-3xl font-bold text-slate-900 dark:text-white">
              Overview
            </h2>
            {service.overview.map((paragraph) => (
              <p
                key={paragraph.slice(0, 40)}
                className="mt-4 text-lg text-slate-600 dark:text-slate-300"
              >
                {paragraph}
              </p>
            ))}
          </div>
          <aside
            aria-labelledby="benefits-heading"
            className="rounded-2xl border border-brand-200 bg-brand-50 p-6 dark:border-brand-900 dark:bg-brand-950/60"
          >
            <h2
              id="benefits-heading"
              className="text-xl font-semibold text-slate-900 dark:text-white"
            >
              {service.benefits.heading}
            </h2>
            <ul className="mt-4 space-y-3">
              {service.benefits.items.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700 dark:text-slate-200">
                  <Check
                    className="mt-0.5 size-5 shrink-0 text-accent-600 dark:text-accent-400"
                    aria-hidden="true"
                  />
                  {item}
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </section>

      <section
        aria-labelledby="features-heading"
        className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900/60"
      >
        <div className="container-page">
          <h2 id="features-heading" className="text-3xl font-bold text-slate-900 dark:text-white">
            Key Features
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {service.features.map((feature) => (
              <li
                key={feature.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              >
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {feature.title}
                </h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{feature.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="get-started"
        aria-labelledby="get-started-heading"
        className="scroll-mt-20 py-16 sm:py-20"
      >
        <div className="container-page grid gap-12 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <h2
              id="get-started-heading"
              className="text-3xl font-bold text-slate-900 dark:text-white"
            >
              Get Started
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
              Tell us about your environment and goals. A {service.title.toLowerCase()} specialist
              will call you within one business day with next steps and a fixed-price proposal.
            </p>
            <p className="mt-6 text-slate-700 dark:text-slate-300">
              Prefer to talk now? Call us at{" "}
              <a
                href={telHref(settings.phone)}
                className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
              >
                {settings.phone}
              </a>
              .
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3 dark:border-slate-800 dark:bg-slate-900">
            <ServiceInquiryForm service={service.title} />
          </div>
        </div>
      </section>
    </main>
  );
}
