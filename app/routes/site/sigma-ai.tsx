import {
  ArrowRight,
  Briefcase,
  ChartLine,
  Check,
  Factory,
  FileSearch,
  HeartPulse,
  Landmark,
  Lock,
  MessagesSquare,
  Phone,
  Plug,
  Truck,
  Workflow,
} from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { withSeo } from "#app/components/seo.ts";
import { fallbackSettings, telHref } from "#app/domain/settings/settings.ts";
import type { Route } from "./+types/sigma-ai";
import type { loader as layoutLoader } from "./layout.tsx";

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

const solutionIcons: Record<SolutionIcon, typeof Lock> = {
  "file-search": FileSearch,
  messages: MessagesSquare,
  workflow: Workflow,
  chart: ChartLine,
  plug: Plug,
  lock: Lock,
};

const industryIcons: Record<IndustryIcon, typeof Lock> = {
  "heart-pulse": HeartPulse,
  factory: Factory,
  truck: Truck,
  briefcase: Briefcase,
  landmark: Landmark,
};

const claims = [
  { figure: "4-6 weeks", label: "from discovery to a working proof of value" },
  { figure: "70%", label: "less time spent on manual data entry" },
  { figure: "24/7", label: "answers for customers and staff" },
];

const headingClass = "text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white";
const introClass = "mt-4 text-lg text-slate-600 dark:text-slate-300";
const inlineLinkClass = "font-semibold text-brand-700 hover:underline dark:text-brand-300";

export default function SigmaAi({ loaderData }: Route.ComponentProps) {
  const { solutions, steps, industries, commitments } = loaderData;
  const settings =
    useRouteLoaderData<typeof layoutLoader>("routes/site/layout")?.settings ?? fallbackSettings;
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-20 text-white sm:py-24">
        <div className="container-page">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
            Sigma AI
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            Sigma AI Solutions
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100 sm:text-xl">
            Practical AI and automation for Alabama organizations: we find the work that eats your
            team's week, prove an AI solution on your own data in weeks, and run it securely inside
            the systems you already use.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <InquiryButton className="btn bg-white text-brand-800 hover:bg-brand-50">
              Start Your AI Design
            </InquiryButton>
            <a href="#solutions" className="btn-on-dark">
              Explore Our Solutions
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

      <section
        id="solutions"
        aria-labelledby="solutions-heading"
        className="scroll-mt-20 py-20 sm:py-24"
      >
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="solutions-heading" className={headingClass}>
              AI Solutions That Pay for Themselves
            </h2>
            <p className={introClass}>
              Six kinds of work where AI reliably saves time and money today. We start with the one
              that has the clearest payback and build from there.
            </p>
          </div>
          <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {solutions.map((solution) => {
              const Icon = solutionIcons[solution.icon];
              return (
                <li
                  key={solution.title}
                  className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-6 text-xl font-semibold text-slate-900 dark:text-white">
                    {solution.title}
                  </h3>
                  <p className="mt-3 text-slate-600 dark:text-slate-300">{solution.description}</p>
                  <ul className="mt-5 space-y-2 text-sm">
                    {solution.examples.map((example) => (
                      <li key={example} className="flex gap-2 text-slate-700 dark:text-slate-200">
                        <Check
                          className="mt-0.5 size-4 shrink-0 text-accent-600 dark:text-accent-400"
                          aria-hidden="true"
                        />
                        {example}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="process-heading"
        className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/60"
      >
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="process-heading" className={headingClass}>
              How We Work
            </h2>
            <p className={introClass}>
              Four steps, each with a clear deliverable and a decision point, so you never pay for a
              project that has stopped making sense.
            </p>
          </div>
          <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, index) => (
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
          <p className="mx-auto mt-10 max-w-3xl text-center text-slate-700 dark:text-slate-300">
            Want your team to get more out of AI on their own? Staff can join our instructor-led{" "}
            <Link to="/ai-training" className={inlineLinkClass}>
              AI training courses
            </Link>
            , from prompt writing for everyday work to Microsoft 365 Copilot and AI governance for
            managers.
          </p>
        </div>
      </section>

      <section aria-labelledby="industries-heading" className="py-20 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="industries-heading" className={headingClass}>
              Industries We Serve Across Alabama
            </h2>
            <p className={introClass}>
              From Birmingham and Huntsville to Montgomery and Mobile, we build AI for the
              regulations, systems and paperwork of your industry.
            </p>
          </div>
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
            {industries.map((industry) => {
              const Icon = industryIcons[industry.icon];
              return (
                <li
                  key={industry.title}
                  className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
                >
                  <Icon className="size-7 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                  <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                    {industry.title}
                  </h3>
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                    {industry.description}
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="responsible-heading"
        className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/60"
      >
        <div className="container-page grid gap-12 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <h2 id="responsible-heading" className={headingClass}>
              Responsible AI and Security
            </h2>
            <p className={introClass}>
              AI is only useful if you can trust it with your data and your customers. These
              commitments are written into every Sigma AI engagement.
            </p>
          </div>
          <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-3">
            {commitments.map((commitment) => (
              <li
                key={commitment.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              >
                <Check className="size-6 text-accent-600 dark:text-accent-400" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                  {commitment.title}
                </h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{commitment.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="cta-heading"
        className="bg-gradient-to-br from-brand-800 via-brand-900 to-slate-950 py-20 sm:py-24"
      >
        <div className="container-page max-w-4xl text-center">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Ready to Put AI to Work?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
            Tell us about the process you want to fix. We will reply within one business day with
            ideas, a rough budget and a date for your discovery workshop.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <InquiryButton className="btn bg-white text-brand-800 hover:bg-brand-50">
              Book a Discovery Workshop
            </InquiryButton>
            <a href={telHref(settings.phone)} className="btn-on-dark">
              <Phone className="size-4" aria-hidden="true" /> Call {settings.phone}
            </a>
          </div>
          <div className="mt-8 flex flex-wrap justify-center gap-x-8 gap-y-3">
            <Link
              to="/portfolio"
              className="inline-flex items-center gap-1.5 font-semibold text-white hover:underline"
            >
              See Our Portfolio <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            <Link
              to="/ai-powered-web-design"
              className="inline-flex items-center gap-1.5 font-semibold text-white hover:underline"
            >
              AI-Powered Web Design <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
