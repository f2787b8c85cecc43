import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { CheckListPanel } from "#app/components/marketing/cards.tsx";
import { ClosingCta } from "#app/components/marketing/closing-cta.tsx";
import { InquiryOrConsultation } from "#app/components/marketing/consultation-link.tsx";
import { FeatureSection } from "#app/components/marketing/feature-section.tsx";
import { lightButtonClass, PageHero } from "#app/components/marketing/page-hero.tsx";
import { PageSection, SectionHeading } from "#app/components/marketing/section.tsx";
import { withSeo } from "#app/components/seo.ts";
import type { IconName } from "#app/components/ui/icons.tsx";
import { AI_DESIGN_INQUIRY_TYPE, REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { AS_DOCUMENT, STATIC_PAGE_WITH_INQUIRY } from "#app/platform/static-page.ts";
import type { Route } from "./+types/ai-management-tools";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE_WITH_INQUIRY;
export const clientMiddleware = AS_DOCUMENT;

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

const toolIcons: Record<ToolIcon, IconName> = {
  dashboard: "layout-dashboard",
  kanban: "kanban",
  server: "server-cog",
  report: "file-chart-column",
  ticket: "ticket",
  book: "book-open",
};

const claims = [
  { figure: "15+ hours", label: "saved per manager each month" },
  { figure: "60%", label: "faster ticket routing" },
  { figure: "90 days", label: "from kickoff to company-wide rollout" },
];

export default function AiManagementTools({ loaderData }: Route.ComponentProps) {
  const { tools, integrations, timeline, support } = loaderData;
  return (
    <main id="main">
      <PageHero
        eyebrow="AI Management Tools"
        title="Run Your Business on Answers, Not Spreadsheets"
        lead="We build and support AI management tools that pull your numbers together, flag what needs attention and take the busywork out of reporting, projects and IT operations."
        actions={
          <>
            <InquiryButton className={lightButtonClass}>Start Your AI Design</InquiryButton>
            <a href="#tools" className="btn-on-dark">
              See the Tools
            </a>
          </>
        }
        figures={claims}
      />

      <FeatureSection
        id="tools"
        headingId="tools-heading"
        title="Tools for Every Level of Management"
        intro="Each tool is configured around your systems and your way of working, then supported by our team so it keeps delivering after launch."
        features={tools.map((tool) => ({ ...tool, icon: toolIcons[tool.icon] }))}
      />

      <PageSection
        labelledBy="integrations-heading"
        muted
        containerClassName="grid gap-12 lg:grid-cols-2"
      >
        <SectionHeading
          id="integrations-heading"
          title="Works With the Systems You Already Use"
          intro="No new portal for your staff to learn. Dashboards, assistants and alerts show up in Teams, Outlook and the applications your managers open every day."
          className=""
        >
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
        </SectionHeading>
        <CheckListPanel title="Built and Supported by Sigma" items={support} />
      </PageSection>

      <PageSection labelledBy="timeline-heading">
        <SectionHeading
          id="timeline-heading"
          title="Your First 90 Days"
          intro="A fixed plan with a measurable result at the end of each month."
        />
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
      </PageSection>

      <ClosingCta
        layout="center"
        title="See Your Business on One Screen"
        lead={`Tell us which reports, projects or tickets take up your week. We will come back ${REPLY_PROMISE} with a plan for the tool that saves the most time first.`}
        actions={
          <InquiryOrConsultation
            inquiry="Plan Your Management Tools"
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
