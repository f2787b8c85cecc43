import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { ClosingCta } from "#app/components/marketing/closing-cta.tsx";
import { InquiryOrConsultation } from "#app/components/marketing/consultation-link.tsx";
import { FeatureSection } from "#app/components/marketing/feature-section.tsx";
import { lightButtonClass, PageHero } from "#app/components/marketing/page-hero.tsx";
import { PageSection, SectionHeading } from "#app/components/marketing/section.tsx";
import { StepList } from "#app/components/marketing/step-list.tsx";
import { withSeo } from "#app/components/seo.ts";
import type { IconName } from "#app/components/ui/icons.tsx";
import { AI_DESIGN_INQUIRY_TYPE, REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { AS_DOCUMENT, STATIC_PAGE_WITH_INQUIRY } from "#app/platform/static-page.ts";
import type { Route } from "./+types/ai-marketing";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE_WITH_INQUIRY;
export const clientMiddleware = AS_DOCUMENT;

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

const serviceIcons: Record<ServiceIcon, IconName> = {
  pen: "pen-line",
  search: "search",
  target: "target",
  megaphone: "megaphone",
  sparkles: "sparkles",
  chart: "chart-pie",
};

export default function AiMarketing({ loaderData }: Route.ComponentProps) {
  const { services, workflow, results } = loaderData;
  return (
    <main id="main">
      <PageHero
        eyebrow="AI Marketing"
        title="AI Marketing That Proves Its Return"
        lead="More content, sharper targeting and campaigns that optimize themselves, with real marketers editing every word and a monthly report that ties each dollar to leads and revenue."
        actions={
          <>
            <InquiryButton className={lightButtonClass}>Start Your AI Design</InquiryButton>
            <a href="#services" className="btn-on-dark">
              See Our Services
            </a>
          </>
        }
      />

      <FeatureSection
        id="services"
        headingId="services-heading"
        title="AI Marketing Services"
        intro="Choose one service or the full program. Each one is measured against the goals we set together in the first week."
        features={services.map((service) => ({ ...service, icon: serviceIcons[service.icon] }))}
      />

      <PageSection labelledBy="workflow-heading" muted>
        <SectionHeading
          id="workflow-heading"
          title="AI Speed, Human Judgment"
          intro="Nothing we publish goes out on autopilot. AI does the heavy lifting; experienced marketers decide what is true, on brand and worth saying."
        />
        <StepList steps={workflow} />
      </PageSection>

      <PageSection labelledBy="results-heading">
        <SectionHeading
          id="results-heading"
          title="Results Our Clients Measure"
          intro="Typical results across our managed marketing programs. Your numbers depend on your market, offer and budget, and we report them honestly every month."
        />
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
      </PageSection>

      <ClosingCta
        layout="center"
        title="Get a Marketing Plan Built Around ROI"
        lead={`Share your goals and current channels. We will send a short assessment ${REPLY_PROMISE} with the three changes likely to pay off first.`}
        actions={
          <InquiryOrConsultation
            inquiry="Request a Marketing Assessment"
            topic={AI_DESIGN_INQUIRY_TYPE}
          />
        }
        links={[
          { to: "/portfolio", label: "See Our Portfolio" },
          { to: "/sigma-ai", label: "Explore Sigma AI Solutions" },
        ]}
      />
    </main>
  );
}
