import {
  ArrowRight,
  Bot,
  FileText,
  LayoutTemplate,
  MousePointerClick,
  Palette,
  Split,
  TrendingUp,
  UserCog,
} from "lucide-react";
import { Link } from "react-router";
import { ConsultationButton } from "#app/components/inquiry/consultation-button.tsx";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { ServiceInquiryForm } from "#app/components/inquiry/message-forms.tsx";
import { type AiCapability, aiCapabilities } from "#app/domain/content/services.ts";
import type { Route } from "./+types/ai-powered-web-design";

export { inquiryAction as action } from "#app/domain/leads/inquiry-action.server.ts";

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

const icons: Record<AiCapability["icon"], typeof Bot> = {
  layout: LayoutTemplate,
  palette: Palette,
  "file-text": FileText,
  "mouse-pointer": MousePointerClick,
  bot: Bot,
  "trending-up": TrendingUp,
  split: Split,
  "user-cog": UserCog,
};

const SERVICE = "AI-Powered Web Design";

const claims = [
  { figure: "70%", label: "faster from first sketch to launch" },
  { figure: "40-60%", label: "higher conversion on redesigned pages" },
  { figure: "99.9%", label: "uptime on our managed hosting" },
];

export default function AiPoweredWebDesign({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-20 text-white sm:py-24">
        <div className="container-page">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
            AI-Powered Web Design
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            Websites That Learn From Every Visitor
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100 sm:text-xl">
            We design and build fast, accessible sites with AI where it earns its keep: layouts
            generated from your goals, content tuned for search, and personalization that turns
            visitors into customers.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ConsultationButton
              service={SERVICE}
              className="btn bg-white text-brand-800 hover:bg-brand-50"
            >
              Schedule Consultation
            </ConsultationButton>
            <InquiryButton className="btn-on-dark">Start Your AI Design</InquiryButton>
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

      <section aria-labelledby="capabilities-heading" className="py-20 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2
              id="capabilities-heading"
              className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
            >
              Eight AI Capabilities, Built In
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
              Pick the ones that fit your business; we set them up, measure them and keep them
              working.
            </p>
          </div>
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.capabilities.map((capability) => {
              const Icon = icons[capability.icon];
              return (
                <li
                  key={capability.title}
                  className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">
                    {capability.title}
                  </h3>
                  <p className="mt-2 text-slate-600 dark:text-slate-300">
                    {capability.description}
                  </p>
                </li>
              );
            })}
          </ul>
          <div className="mt-12 flex flex-wrap justify-center gap-4">
            <Link to="/portfolio" className="btn-secondary">
              See Our Portfolio <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link to="/sigma-ai" className="btn-secondary">
              Explore Sigma AI Solutions <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>

      <section
        id="consultation"
        aria-labelledby="consultation-heading"
        className="scroll-mt-20 bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/60"
      >
        <div className="container-page grid gap-12 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <h2
              id="consultation-heading"
              className="text-3xl font-bold text-slate-900 dark:text-white"
            >
              Schedule a Free Consultation
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
              Thirty minutes with a designer and an engineer: we look at your current site, your
              goals and your budget, and tell you honestly which AI features would pay off.
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3 dark:border-slate-800 dark:bg-slate-900">
            <ServiceInquiryForm service={SERVICE} />
          </div>
        </div>
      </section>
    </main>
  );
}
