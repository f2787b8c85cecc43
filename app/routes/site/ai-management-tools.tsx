import {
  ArrowRight,
  BookOpen,
  Check,
  FileChartColumn,
  Kanban,
  LayoutDashboard,
  ServerCog,
  Ticket,
} from "lucide-react";
import { Link } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { withSeo } from "#app/components/seo.ts";
import type { Route } from "./+types/ai-management-tools";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "AI Management Tools | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Executive dashboards, AI-assisted project and IT operations, automated reports, ticket triage and knowledge assistants, built and supported by Sigma in Alabama.",
    },
  ]);

type ToolIcon = "dashboard" | "kanban" | "server" | "report" | "ticket" | "book";

// The page's text is returned by the loader so it stays out of the browser bundle.
export function loader() {
  return {
    tools: [
      {
        icon: "dashboard",
        title: "Executive Dashboards",
        description:
          "Revenue, pipeline, cash, staffing and service levels on one screen, refreshed automatically from your accounting, CRM and operations systems, with AI-written summaries of what changed and why.",
      },
      {
        icon: "kanban",
        title: "AI-Assisted Project Management",
        description:
          "Status reports drafted from tasks and timesheets, slipping milestones flagged before the deadline, and meeting notes turned into assigned action items in Planner, Jira or Teams.",
      },
      {
        icon: "server",
        title: "IT Operations Management",
        description:
          "Alerts from monitoring, backups and security tools correlated into a single incident, with a likely cause and suggested fix, so your team works the problem instead of the noise.",
      },
      {
        icon: "report",
        title: "Automated Reporting",
        description:
          "Weekly, monthly and board reports assembled, charted and narrated automatically, then routed for a manager's review before they go out. No more copying numbers between spreadsheets.",
      },
      {
        icon: "ticket",
        title: "Ticket Triage",
        description:
          "Incoming help desk and customer requests categorized, prioritized and routed to the right person in seconds, with suggested replies drawn from similar tickets that were already solved.",
      },
      {
        icon: "book",
        title: "Knowledge Assistants",
        description:
          "Ask a question in plain English and get an answer from your policies, procedures and past projects, with links to the source documents and permissions respected for every user.",
      },
    ] satisfies { icon: ToolIcon; title: string; description: string }[],
    integrations: [
      "Microsoft 365",
      "Teams",
      "SharePoint",
      "Power BI",
      "Dynamics 365",
      "QuickBooks",
      "Salesforce",
      "HubSpot",
      "Jira",
      "ConnectWise",
      "ServiceNow",
      "SQL Server",
    ],
    timeline: [
      {
        period: "Days 1-30",
        title: "Connect and Baseline",
        description:
          "We connect your data sources, agree on the numbers that matter and measure how long reporting and triage take today.",
      },
      {
        period: "Days 31-60",
        title: "Pilot With One Team",
        description:
          "One department uses the new dashboard, assistant or triage flow daily while we tune accuracy and collect feedback every week.",
      },
      {
        period: "Days 61-90",
        title: "Roll Out and Hand Over",
        description:
          "The tools go company-wide with training, documentation and a support plan, and we report the hours saved against the baseline.",
      },
    ],
    support: [
      "Hosted in your Microsoft 365 or Azure tenant, or managed by us",
      "Single sign-on and role-based access that mirrors your permissions",
      "Monitoring, updates and model tuning under a monthly support plan",
      "A named Birmingham engineer who knows your setup",
      "Quarterly reviews of usage, accuracy and hours saved",
    ],
  };
}

const toolIcons: Record<ToolIcon, typeof Ticket> = {
  dashboard: LayoutDashboard,
  kanban: Kanban,
  server: ServerCog,
  report: FileChartColumn,
  ticket: Ticket,
  book: BookOpen,
};

const claims = [
  { figure: "15+ hours", label: "saved per manager each month" },
  { figure: "60%", label: "faster ticket routing" },
  { figure: "90 days", label: "from kickoff to company-wide rollout" },
];

const headingClass = "text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white";
const introClass = "mt-4 text-lg text-slate-600 dark:text-slate-300";

export default function AiManagementTools({ loaderData }: Route.ComponentProps) {
  const { tools, integrations, timeline, support } = loaderData;
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-20 text-white sm:py-24">
        <div className="container-page">
          <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">
            AI Management Tools
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            Run Your Business on Answers, Not Spreadsheets
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100 sm:text-xl">
            We build and support AI management tools that pull your numbers together, flag what
            needs attention and take the busywork out of reporting, projects and IT operations.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <InquiryButton className="btn bg-white text-brand-800 hover:bg-brand-50">
              Start Your AI Design
            </InquiryButton>
            <a href="#tools" className="btn-on-dark">
              See the Tools
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

      <section id="tools" aria-labelledby="tools-heading" className="scroll-mt-20 py-20 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="tools-heading" className={headingClass}>
              Tools for Every Level of Management
            </h2>
            <p className={introClass}>
              Each tool is configured around your systems and your way of working, then supported by
              our team so it keeps delivering after launch.
            </p>
          </div>
          <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {tools.map((tool) => {
              const Icon = toolIcons[tool.icon];
              return (
                <li
                  key={tool.title}
                  className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-6 text-xl font-semibold text-slate-900 dark:text-white">
                    {tool.title}
                  </h3>
                  <p className="mt-3 text-slate-600 dark:text-slate-300">{tool.description}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="integrations-heading"
        className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/60"
      >
        <div className="container-page grid gap-12 lg:grid-cols-2">
          <div>
            <h2 id="integrations-heading" className={headingClass}>
              Works With the Systems You Already Use
            </h2>
            <p className={introClass}>
              No new portal for your staff to learn. Dashboards, assistants and alerts show up in
              Teams, Outlook and the applications your managers open every day.
            </p>
            <ul className="mt-8 flex flex-wrap gap-2">
              {integrations.map((name) => (
                <li
                  key={name}
                  className="rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-medium text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
                >
                  {name}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-brand-200 bg-brand-50 p-6 sm:p-8 dark:border-brand-900 dark:bg-brand-950/60">
            <h3 className="text-xl font-semibold text-slate-900 dark:text-white">
              Built and Supported by Sigma
            </h3>
            <ul className="mt-5 space-y-3">
              {support.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700 dark:text-slate-200">
                  <Check
                    className="mt-0.5 size-5 shrink-0 text-accent-600 dark:text-accent-400"
                    aria-hidden="true"
                  />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="timeline-heading" className="py-20 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="timeline-heading" className={headingClass}>
              Your First 90 Days
            </h2>
            <p className={introClass}>
              A fixed plan with a measurable result at the end of each month.
            </p>
          </div>
          <ol className="mt-14 grid gap-6 md:grid-cols-3">
            {timeline.map((phase) => (
              <li
                key={phase.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              >
                <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
                  {phase.period}
                </p>
                <h3 className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">
                  {phase.title}
                </h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{phase.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        aria-labelledby="cta-heading"
        className="bg-gradient-to-br from-brand-800 via-brand-900 to-slate-950 py-20 sm:py-24"
      >
        <div className="container-page max-w-4xl text-center">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            See Your Business on One Screen
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
            Tell us which reports, projects or tickets take up your week. We will come back within
            one business day with a plan for the tool that saves the most time first.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <InquiryButton className="btn bg-white text-brand-800 hover:bg-brand-50">
              Plan Your Management Tools
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
