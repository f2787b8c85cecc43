import { ArrowRight, ChartPie, Megaphone, PenLine, Search, Sparkles, Target } from "lucide-react";
import { Link } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { withSeo } from "#app/components/seo.ts";
import type { Route } from "./+types/ai-marketing";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "AI Marketing | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "AI marketing for Alabama businesses: human-edited content, SEO, predictive targeting, campaign automation, personalization and ROI reporting from Birmingham.",
    },
  ]);

type ServiceIcon = "pen" | "search" | "target" | "megaphone" | "sparkles" | "chart";

// The page's text is returned by the loader so it stays out of the browser bundle.
export function loader() {
  return {
    services: [
      {
        icon: "pen",
        title: "AI Content Creation, Human Edited",
        description:
          "Blog posts, landing pages, emails and social posts drafted with AI from your briefs, then edited by a person for accuracy, brand voice and local detail before anything is published.",
      },
      {
        icon: "search",
        title: "Search Engine Optimization",
        description:
          "Keyword and competitor research at AI speed, technical audits, schema markup and content plans built around what your customers in Alabama actually search for.",
      },
      {
        icon: "target",
        title: "Predictive Audience Targeting",
        description:
          "Models trained on your customer and sales data find the prospects most likely to buy, so ad budgets go to lookalike audiences that convert instead of broad guesses.",
      },
      {
        icon: "megaphone",
        title: "Campaign Automation",
        description:
          "Email nurture sequences, ad schedules and social calendars that run themselves, with send times, bids and budgets adjusted automatically from live performance.",
      },
      {
        icon: "sparkles",
        title: "Website & Email Personalization",
        description:
          "Headlines, offers and product recommendations that adapt to each visitor's industry, location and behavior, tested continuously so only the winning variations stay live.",
      },
      {
        icon: "chart",
        title: "Analytics & ROI Reporting",
        description:
          "Every channel tied back to leads and revenue in one dashboard, with a plain-English monthly summary of what worked, what did not and where to move the budget next.",
      },
    ] satisfies { icon: ServiceIcon; title: string; description: string }[],
    workflow: [
      {
        title: "Strategy & Brief",
        description:
          "A strategist sets goals, audiences and messages with you, and writes the briefs every piece of content starts from.",
      },
      {
        title: "AI Draft",
        description:
          "AI produces first drafts, variations and research in minutes, trained on your past content and style guide.",
      },
      {
        title: "Human Edit & Fact Check",
        description:
          "An editor rewrites for voice, verifies every claim and adds the local knowledge and expertise AI cannot supply.",
      },
      {
        title: "Publish, Measure, Improve",
        description:
          "Content goes live on schedule, performance is tracked against the goal, and the next round of briefs uses what we learned.",
      },
    ],
    results: [
      { figure: "450%", label: "average ROI on managed campaign spend" },
      { figure: "3x", label: "more content published at the same budget" },
      { figure: "40-60%", label: "higher conversion on personalized pages" },
      { figure: "35%", label: "lower cost per lead within six months" },
    ],
  };
}

const serviceIcons: Record<ServiceIcon, typeof Target> = {
  pen: PenLine,
  search: Search,
  target: Target,
  megaphone: Megaphone,
  sparkles: Sparkles,
  chart: ChartPie,
};

const headingClass = "text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white";
const introClass = "mt-4 text-lg text-slate-600 dark:text-slate-300";

export default function AiMarketing({ loaderData }: Route.ComponentProps) {
  const { services, workflow, results } = loaderData;
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-20 text-white sm:py-24">
        <div className="container-page">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
            AI Marketing
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            AI Marketing That Proves Its Return
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100 sm:text-xl">
            More content, sharper targeting and campaigns that optimize themselves, with real
            marketers editing every word and a monthly report that ties each dollar to leads and
            revenue.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <InquiryButton className="btn bg-white text-brand-800 hover:bg-brand-50">
              Start Your AI Design
            </InquiryButton>
            <a href="#services" className="btn-on-dark">
              See Our Services
            </a>
          </div>
        </div>
      </section>

      <section
        id="services"
        aria-labelledby="services-heading"
        className="scroll-mt-20 py-20 sm:py-24"
      >
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="services-heading" className={headingClass}>
              AI Marketing Services
            </h2>
            <p className={introClass}>
              Choose one service or the full program. Each one is measured against the goals we set
              together in the first week.
            </p>
          </div>
          <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => {
              const Icon = serviceIcons[service.icon];
              return (
                <li
                  key={service.title}
                  className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
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
        aria-labelledby="workflow-heading"
        className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/60"
      >
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="workflow-heading" className={headingClass}>
              AI Speed, Human Judgment
            </h2>
            <p className={introClass}>
              Nothing we publish goes out on autopilot. AI does the heavy lifting; experienced
              marketers decide what is true, on brand and worth saying.
            </p>
          </div>
          <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {workflow.map((step, index) => (
              <li
                key={step.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              >
                <span
                  className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white dark:bg-brand-500 dark:text-slate-950"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="results-heading" className="py-20 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="results-heading" className={headingClass}>
              Results Our Clients Measure
            </h2>
            <p className={introClass}>
              Typical results across our managed marketing programs. Your numbers depend on your
              market, offer and budget, and we report them honestly every month.
            </p>
          </div>
          <dl className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {results.map((result) => (
              <div
                key={result.label}
                className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-6 text-center dark:border-slate-800 dark:bg-slate-900"
              >
                <dt className="mt-2 text-slate-600 dark:text-slate-300">{result.label}</dt>
                <dd className="text-4xl font-bold text-brand-700 dark:text-brand-300">
                  {result.figure}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section
        aria-labelledby="cta-heading"
        className="bg-gradient-to-br from-brand-800 via-brand-900 to-slate-950 py-20 sm:py-24"
      >
        <div className="container-page max-w-4xl text-center">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Get a Marketing Plan Built Around ROI
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
            Share your goals and current channels. Within one business day we will send a short
            assessment with the three changes likely to pay off first.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <InquiryButton className="btn bg-white text-brand-800 hover:bg-brand-50">
              Request a Marketing Assessment
            </InquiryButton>
          </div>
          <div className="mt-8 flex flex-wrap justify-center gap-x-8 gap-y-3">
            <Link
              to="/portfolio"
              className="inline-flex items-center gap-1.5 font-semibold text-white hover:underline"
            >
              See Our Portfolio <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link
              to="/sigma-ai"
              className="inline-flex items-center gap-1.5 font-semibold text-white hover:underline"
            >
              Explore Sigma AI Solutions <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
