import { Link } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { useSiteSettings } from "#app/components/layout/use-site-settings.ts";
import { ClosingCta, CtaContactTile } from "#app/components/marketing/closing-cta.tsx";
import { InquiryOrConsultation } from "#app/components/marketing/consultation-link.tsx";
import { FeatureSection } from "#app/components/marketing/feature-section.tsx";
import { lightButtonClass, PageHero } from "#app/components/marketing/page-hero.tsx";
import { PageSection, SectionHeading } from "#app/components/marketing/section.tsx";
import { StepList } from "#app/components/marketing/step-list.tsx";
import { withSeo } from "#app/components/seo.ts";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { AI_DESIGN_INQUIRY_TYPE, REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { telHref } from "#app/domain/settings/settings.ts";
import { AS_DOCUMENT, STATIC_PAGE_WITH_INQUIRY } from "#app/platform/static-page.ts";
import type { Route } from "./+types/web-development";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE_WITH_INQUIRY;
export const clientMiddleware = AS_DOCUMENT;

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Web Development & Ecommerce | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Custom websites, ecommerce stores and web applications built in Birmingham with React, TypeScript and Shopify: fast, accessible, search-ready and maintained for you.",
    },
  ]);

const services: { icon: IconName; title: string; description: string }[] = [
  {
    title: "Custom Websites",
    icon: "layout-template",
    description:
      "Hand-built marketing sites that load in under two seconds, meet WCAG 2.2 AA accessibility and make your next step obvious to every visitor.",
  },
  {
    title: "Ecommerce Stores",
    icon: "shopping-cart",
    description:
      "Shopify and custom storefronts with clean product catalogs, fast checkout, inventory and shipping integrations, and analytics that show what actually sells.",
  },
  {
    title: "Web Applications",
    icon: "code-xml",
    description:
      "Customer portals, booking systems, internal dashboards and integrations with the software you already run, built on a typed, tested codebase.",
  },
  {
    title: "CMS and Content",
    icon: "pen-line",
    description:
      "WordPress or a headless CMS set up so your team can publish pages, posts and products without calling a developer, with roles and approvals.",
  },
  {
    title: "Performance and SEO",
    icon: "gauge",
    description:
      "Core Web Vitals tuning, structured data, technical SEO audits and clean redirects, so search engines and visitors both find you faster.",
  },
  {
    title: "Maintenance and Hosting",
    icon: "wrench",
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
  const settings = useSiteSettings();
  const tileIcon = "size-5 shrink-0 text-accent-400";
  return (
    <main id="main">
      <PageHero
        eyebrow="Web Development & Ecommerce"
        title="Websites and Online Stores Built to Grow Your Business"
        lead="Our Birmingham team designs, builds and maintains fast, secure websites, ecommerce stores and web applications, with one accountable partner from first sketch to launch and beyond."
        actions={
          <>
            <InquiryButton className={lightButtonClass}>Start Your Project</InquiryButton>
            <a href={`mailto:${settings.email}`} className="btn-on-dark">
              <Icon name="mail" className="size-4" /> Email Our Team
            </a>
          </>
        }
        figures={claims}
      />

      <FeatureSection
        headingId="web-services-heading"
        title="What We Build"
        intro="From a five-page company site to a store with thousands of products, every project gets the same engineering discipline: clean code, real testing and measurable results."
        features={services}
        cardClassName="p-8 shadow-sm"
      />

      <PageSection labelledBy="stack-heading" muted>
        <SectionHeading
          id="stack-heading"
          title="Our Technology Stack"
          intro="Proven, widely supported tools, so your site is easy to hire for, easy to extend and never locked into one agency."
        />
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
      </PageSection>

      <PageSection labelledBy="process-heading">
        <SectionHeading
          id="process-heading"
          title="Our Process"
          intro="Four clear stages with a fixed price and a sign-off at each one, so you always know where your project stands."
        />
        <StepList steps={steps} announceSteps={false} />
      </PageSection>

      <PageSection
        labelledBy="ai-heading"
        muted
        containerClassName="grid items-center gap-10 lg:grid-cols-2"
      >
        <div>
          <Icon name="sparkles" className="size-8 text-accent-600 dark:text-accent-400" />
          <h2
            id="ai-heading"
            className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
          >
            Add AI Where It Pays Off
          </h2>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            Product recommendations, a support chatbot trained on your own content, smart search and
            personalized landing pages can all be built into your new site. We recommend only what
            will move your numbers.
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap lg:ml-auto lg:w-80 lg:flex-col">
          <Link to="/sigma-ai" className="btn-primary">
            {"Explore Sigma AI Solutions "}
            <Icon name="arrow-right" className="size-4" />
          </Link>
          <Link to="/ai-powered-web-design" className="btn-secondary">
            AI-Powered Web Design
          </Link>
          <Link to="/portfolio" className="btn-secondary">
            See Our Portfolio
          </Link>
        </div>
      </PageSection>

      <ClosingCta
        layout="split"
        headingId="project-cta-heading"
        title="Ready to Start Your Project?"
        lead={`Tell us what you want to build. You will hear back ${REPLY_PROMISE} with questions, a realistic timeline and a ballpark budget.`}
        actions={
          <InquiryOrConsultation
            inquiry="Request a Project Estimate"
            topic={AI_DESIGN_INQUIRY_TYPE}
          />
        }
        aside={
          <address className="grid gap-4 text-white not-italic sm:grid-cols-2 lg:grid-cols-1">
            <CtaContactTile
              href={`mailto:${settings.email}`}
              icon={<Icon name="mail" className={tileIcon} />}
            >
              <span className="break-all">{settings.email}</span>
            </CtaContactTile>
            <CtaContactTile
              href={telHref(settings.phone)}
              icon={<Icon name="phone" className={tileIcon} />}
            >
              <span>{settings.phone}</span>
            </CtaContactTile>
          </address>
        }
      />
    </main>
  );
}
