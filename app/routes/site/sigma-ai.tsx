import { Link } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { useSiteSettings } from "#app/components/layout/use-site-settings.ts";
import { CheckList, PointCard, PointCards } from "#app/components/marketing/cards.tsx";
import { ClosingCta } from "#app/components/marketing/closing-cta.tsx";
import { InquiryOrConsultation } from "#app/components/marketing/consultation-link.tsx";
import { FeatureSection } from "#app/components/marketing/feature-section.tsx";
import { lightButtonClass, PageHero } from "#app/components/marketing/page-hero.tsx";
import {
  inlineLinkClass,
  PageSection,
  SectionHeading,
} from "#app/components/marketing/section.tsx";
import { StepList } from "#app/components/marketing/step-list.tsx";
import { withSeo } from "#app/components/seo.ts";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { AI_DESIGN_INQUIRY_TYPE, REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { telHref } from "#app/domain/settings/settings.ts";
import { AS_DOCUMENT, STATIC_PAGE_WITH_INQUIRY } from "#app/platform/static-page.ts";
import type { Route } from "./+types/sigma-ai";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE_WITH_INQUIRY;
export const clientMiddleware = AS_DOCUMENT;

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Sigma AI | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "AI solutions for Alabama organizations: document processing, chatbots, workflow automation, forecasting and private AI, delivered securely from Birmingham.",
    },
  ]);

type SolutionIcon = "file-search" | "messages" | "workflow" | "chart" | "plug" | "lock";
type IndustryIcon = "heart-pulse" | "factory" | "truck" | "briefcase" | "landmark";

// The page's text is returned by the loader so it stays out of the browser bundle.
export function loader() {
  return {
    solutions: [
      {
        icon: "file-search",
        title: "Document Processing & Data Extraction",
        description:
          "Invoices, intake forms, contracts and scanned records read, classified and keyed into your systems, with a person reviewing anything the model is unsure about.",
        examples: [
          "Accounts payable invoice capture",
          "Patient and client intake forms",
          "Contract clause and date extraction",
        ],
      },
      {
        icon: "messages",
        title: "Customer-Service Assistants & Chatbots",
        description:
          "Assistants on your website, phone line or Microsoft Teams that answer from your own policies and knowledge base, and hand off to a person with the full conversation attached.",
        examples: [
          "Website and SMS chat, 24/7",
          "Order, appointment and status lookups",
          "Internal help desk for staff questions",
        ],
      },
      {
        icon: "workflow",
        title: "Workflow Automation",
        description:
          "The repetitive steps between your inbox, spreadsheets and business applications automated end to end, with approvals and audit trails where they matter.",
        examples: [
          "Email triage and routing",
          "Quote, order and onboarding workflows",
          "Scheduled reports and reconciliations",
        ],
      },
      {
        icon: "chart",
        title: "Predictive Analytics & Forecasting Dashboards",
        description:
          "Demand, staffing, cash-flow and churn forecasts built on your historical data and delivered as dashboards your managers will actually open on Monday morning.",
        examples: [
          "Demand and inventory forecasting",
          "Staffing and capacity planning",
          "Customer churn and risk scoring",
        ],
      },
      {
        icon: "plug",
        title: "AI Integration With Your Existing Systems",
        description:
          "Copilots and models connected to the tools you already pay for, such as Microsoft 365, SharePoint, Dynamics, QuickBooks and your line-of-business applications, instead of yet another portal.",
        examples: [
          "Microsoft 365 Copilot rollout and tuning",
          "SharePoint and Teams knowledge search",
          "APIs for ERP, CRM and EHR systems",
        ],
      },
      {
        icon: "lock",
        title: "Private & On-Premise AI",
        description:
          "Language models that run in your own Azure tenant or on hardware in your building, so sensitive data never trains someone else's model, governed by access policies you control.",
        examples: [
          "Private models in your cloud tenant",
          "On-premise GPU servers we install and manage",
          "Data classification and retention rules",
        ],
      },
    ] satisfies { icon: SolutionIcon; title: string; description: string; examples: string[] }[],
    steps: [
      {
        title: "Discovery Workshop",
        description:
          "A half-day session with your team to map the processes that cost the most time, check the quality of the data behind them and rank the opportunities by payback.",
      },
      {
        title: "Proof of Value in Weeks",
        description:
          "We build a working pilot on your real data in four to six weeks and measure it against an agreed baseline, so the decision to scale rests on numbers, not demos.",
      },
      {
        title: "Production Rollout",
        description:
          "The pilot is hardened for daily use: single sign-on, permissions, monitoring, cost controls and integration with the systems your staff already work in.",
      },
      {
        title: "Training & Support",
        description:
          "Hands-on training for the people who use it, documentation for the people who own it, and ongoing support and model tuning from our Birmingham team.",
      },
    ],
    industries: [
      {
        icon: "heart-pulse",
        title: "Healthcare",
        description:
          "Intake and referral processing, prior-authorization paperwork and patient messaging, with HIPAA safeguards and business associate agreements in place.",
      },
      {
        icon: "factory",
        title: "Manufacturing",
        description:
          "Demand forecasting, quality inspection reports and maintenance logs turned into early warnings for suppliers and plants across the state.",
      },
      {
        icon: "truck",
        title: "Logistics",
        description:
          "Bills of lading and delivery paperwork extracted automatically, route and volume forecasts, and customer status updates without a phone call.",
      },
      {
        icon: "briefcase",
        title: "Professional Services",
        description:
          "Law, accounting and engineering firms searching years of documents in seconds, drafting first versions faster and tracking billable work automatically.",
      },
      {
        icon: "landmark",
        title: "Public Sector",
        description:
          "Cities, counties and agencies answering resident questions around the clock and processing permits and records requests with full audit trails.",
      },
    ] satisfies { icon: IndustryIcon; title: string; description: string }[],
    commitments: [
      {
        title: "Your data stays yours",
        description:
          "We use enterprise services and private deployments that do not train public models on your prompts, files or customer records.",
      },
      {
        title: "People stay in the loop",
        description:
          "Decisions that affect customers, patients or money are reviewed by a person, and every automated action is logged and reversible.",
      },
      {
        title: "Security from day one",
        description:
          "Single sign-on, least-privilege access, encryption in transit and at rest, and monitoring by the same team that runs our cybersecurity practice.",
      },
      {
        title: "Governance you can show an auditor",
        description:
          "Written AI use policies, data-flow diagrams and model documentation that support HIPAA, SOC 2 and CMMC conversations.",
      },
      {
        title: "Tested for accuracy and bias",
        description:
          "Every solution is measured against real examples before launch and re-checked on a schedule, with results shared with you in plain language.",
      },
      {
        title: "No lock-in",
        description:
          "You own the prompts, workflows, integrations and documentation we build, and we design so models can be swapped as the market changes.",
      },
    ],
  };
}

const solutionIcons: Record<SolutionIcon, IconName> = {
  "file-search": "file-search",
  messages: "messages-square",
  workflow: "workflow",
  chart: "chart-line",
  plug: "plug",
  lock: "lock",
};

const industryIcons: Record<IndustryIcon, IconName> = {
  "heart-pulse": "heart-pulse",
  factory: "factory",
  truck: "truck",
  briefcase: "briefcase",
  landmark: "landmark",
};

const claims = [
  { figure: "4-6 weeks", label: "from discovery to a working proof of value" },
  { figure: "70%", label: "less time spent on manual data entry" },
  { figure: "24/7", label: "answers for customers and staff" },
];

export default function SigmaAi({ loaderData }: Route.ComponentProps) {
  const { solutions, steps, industries, commitments } = loaderData;
  const settings = useSiteSettings();
  return (
    <main id="main">
      <PageHero
        eyebrow="Sigma AI"
        title="Sigma AI Solutions"
        lead="Practical AI and automation for Alabama organizations: we find the work that eats your team's week, prove an AI solution on your own data in weeks, and run it securely inside the systems you already use."
        actions={
          <>
            <InquiryButton className={lightButtonClass}>Start Your AI Design</InquiryButton>
            <a href="#solutions" className="btn-on-dark">
              Explore Our Solutions
            </a>
          </>
        }
        figures={claims}
      />

      <FeatureSection
        id="solutions"
        headingId="solutions-heading"
        title="AI Solutions That Pay for Themselves"
        intro="Six kinds of work where AI reliably saves time and money today. We start with the one that has the clearest payback and build from there."
        features={solutions.map((solution) => ({
          ...solution,
          icon: solutionIcons[solution.icon],
        }))}
        cardClassName="flex flex-col p-6 shadow-sm sm:p-8"
        details={(solution) => (
          <CheckList items={solution.examples} className="mt-5 space-y-2" small />
        )}
      />

      <PageSection labelledBy="process-heading" muted>
        <SectionHeading
          id="process-heading"
          title="How We Work"
          intro="Four steps, each with a clear deliverable and a decision point, so you never pay for a project that has stopped making sense."
        />
        <StepList steps={steps} />
        <p className="mx-auto mt-10 max-w-3xl text-center text-slate-700 dark:text-slate-300">
          Want your team to get more out of AI on their own? Staff can join our instructor-led{" "}
          <Link to="/ai-training" className={inlineLinkClass}>
            AI training courses
          </Link>
          , from prompt writing for everyday work to Microsoft 365 Copilot and AI governance for
          managers.
        </p>
      </PageSection>

      <PageSection labelledBy="industries-heading">
        <SectionHeading
          id="industries-heading"
          title="Industries We Serve Across Alabama"
          intro="From Birmingham and Huntsville to Montgomery and Mobile, we build AI for the regulations, systems and paperwork of your industry."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {industries.map((industry) => (
            <PointCard
              key={industry.title}
              icon={industryIcons[industry.icon]}
              iconClassName="size-7 text-brand-700 dark:text-brand-300"
              title={industry.title}
              description={industry.description}
              small
            />
          ))}
        </ul>
      </PageSection>

      <PageSection
        labelledBy="responsible-heading"
        muted
        containerClassName="grid gap-12 lg:grid-cols-5"
      >
        <SectionHeading
          id="responsible-heading"
          title="Responsible AI and Security"
          intro="AI is only useful if you can trust it with your data and your customers. These commitments are written into every Sigma AI engagement."
          className="lg:col-span-2"
        />
        <PointCards
          points={commitments}
          icon="check"
          className="grid gap-6 sm:grid-cols-2 lg:col-span-3"
        />
      </PageSection>

      <ClosingCta
        layout="center"
        title="Ready to Put AI to Work?"
        lead={`Tell us about the process you want to fix. We will reply ${REPLY_PROMISE} with ideas, a rough budget and a date for your discovery workshop.`}
        actions={
          <>
            <InquiryOrConsultation
              inquiry="Book a Discovery Workshop"
              topic={AI_DESIGN_INQUIRY_TYPE}
            />
            <a href={telHref(settings.phone)} className="btn-on-dark">
              <Icon name="phone" className="size-4" /> Call {settings.phone}
            </a>
          </>
        }
        links={[
          { to: "/portfolio", label: "See Our Portfolio" },
          { to: "/ai-powered-web-design", label: "AI-Powered Web Design" },
        ]}
      />
    </main>
  );
}
