import type { ReactNode } from "react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { PaleCta } from "#app/components/marketing/closing-cta.tsx";
import { QuoteCredit } from "#app/components/marketing/quote-credit.tsx";
import {
  CategoryIcon,
  LocalDate,
  ProjectImage,
} from "#app/components/portfolio/project-visuals.tsx";
import { withSeo } from "#app/components/seo.ts";
import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { IconFact } from "#app/components/ui/icon-fact.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { getProjectDetails } from "#app/domain/portfolio/portfolio.server.ts";
import { externalUrl, parseProjectId, themeFor } from "#app/domain/portfolio/portfolio.ts";
import { appContext } from "#app/platform/context.ts";
import { AS_DOCUMENT, STATIC_PAGE_WITH_INQUIRY } from "#app/platform/static-page.ts";
import type { Route } from "./+types/portfolio-detail";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE_WITH_INQUIRY;
export const clientMiddleware = AS_DOCUMENT;

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseProjectId(params.projectId);
  const project = id ? await getProjectDetails(context.get(appContext).db, id) : null;
  if (!project) throw data(null, { status: 404 });
  return { project };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? withSeo(args, [
        { title: `${args.loaderData.project.title} | Portfolio | Sigma Technology Partners` },
        { name: "description", content: args.loaderData.project.description.slice(0, 160) },
      ])
    : [
        { title: "Project Not Found | Sigma Technology Partners" },
        { name: "robots", content: "noindex" },
      ];

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project } = loaderData;
  const theme = themeFor(project.id);
  const visit = externalUrl(project.projectUrl);
  const facts = (
    [
      { icon: "clock", label: "Timeline", value: project.timeline },
      { icon: "users", label: "Team size", value: project.teamSize },
      { icon: "building-complex", label: "Category", value: project.category },
    ] satisfies { icon: IconName; label: string; value: string }[]
  ).filter((f) => f.value);
  const info = [
    ["Client", project.client],
    ["Industry", project.clientIndustry],
    ["Company size", project.clientSize],
  ].filter(([, v]) => v);
  const t = project.testimonial;

  return (
    <main id="main">
      <section className={`bg-gradient-to-br ${theme.hero} py-16 text-white sm:py-20`}>
        <div className="container-page">
          <Link
            to="/portfolio"
            className="inline-flex items-center gap-1.5 text-sm text-white/80 hover:underline"
          >
            <Icon name="arrow-left" className="size-4" /> Back to Portfolio
          </Link>
          <p className="mt-6 flex items-center gap-2 text-sm font-semibold tracking-wider text-white/80 uppercase">
            <CategoryIcon category={project.category} className="size-4" />
            {project.category}
          </p>
          <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            {project.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-white/85">{project.description}</p>
          {facts.length > 0 && (
            <dl className="mt-8 flex flex-wrap gap-x-10 gap-y-4">
              {facts.map((f) => (
                <IconFact
                  key={f.label}
                  icon={f.icon}
                  term={f.label}
                  iconClassName="size-5 text-white/70"
                >
                  {f.value}
                </IconFact>
              ))}
            </dl>
          )}
          {visit && (
            <a
              href={visit}
              target="_blank"
              rel="noopener noreferrer"
              className="btn mt-8 bg-white text-slate-900 hover:bg-slate-100"
            >
              Visit Live Site <Icon name="external-link" className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
      </section>

      <div className="container-page grid gap-12 py-16 lg:grid-cols-3">
        <div className="space-y-12 lg:col-span-2">
          <ProjectImage src={project.image} className="aspect-[16/10] w-full rounded-2xl" eager />
          <StoryPart id="challenge-heading" title="The Challenge" text={project.challenge} />
          <StoryPart id="solution-heading" title="Our Solution" text={project.solution} />
          {project.technologies.length > 0 && (
            <HeadedSection id="tech-heading" title="Technologies Used" titleClassName={storyTitle}>
              <ul className="mt-4 flex flex-wrap gap-2">
                {project.technologies.map((tech) => (
                  <li
                    key={tech}
                    className={`rounded-full px-3 py-1 text-sm font-medium ${theme.chip}`}
                  >
                    {tech}
                  </li>
                ))}
              </ul>
            </HeadedSection>
          )}
        </div>
        <aside className="space-y-8">
          <AsideCard id="info-heading" title="Project Information">
            <dl className="mt-4 space-y-3 text-sm">
              {info.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
                  <dd className="font-medium text-slate-900 dark:text-white">{value}</dd>
                </div>
              ))}
              {project.completedDate && (
                <div>
                  <dt className="flex items-center gap-1.5 text-slate-500 dark:text-slate-400">
                    <Icon name="calendar-days" className="size-4" /> Completed
                  </dt>
                  <dd className="font-medium text-slate-900 dark:text-white">
                    <LocalDate value={project.completedDate} />
                  </dd>
                </div>
              )}
            </dl>
          </AsideCard>
          {project.results.metrics.length > 0 && (
            <AsideCard id="results-heading" title="Project Results">
              <dl className="mt-4 space-y-4">
                {project.results.metrics.map((m) => (
                  <div key={`${m.label}-${m.value}`} className="flex flex-col-reverse">
                    <dt className="text-sm text-slate-600 dark:text-slate-400">{m.label}</dt>
                    <dd className={`text-2xl font-bold ${theme.accent}`}>{m.value}</dd>
                  </div>
                ))}
              </dl>
            </AsideCard>
          )}
          {t.content && (
            <HeadedSection
              id="testimonial-heading"
              title="Client Testimonial"
              titleClassName={asideTitle}
            >
              <figure className="mt-4 rounded-2xl bg-slate-50 p-6 dark:bg-slate-900">
                <Icon name="quote" className={`size-6 ${theme.accent}`} />
                <blockquote className="mt-3 text-slate-700 dark:text-slate-200">
                  {t.content}
                </blockquote>
                <QuoteCredit testimonial={t} className="mt-4 text-sm" />
              </figure>
            </HeadedSection>
          )}
        </aside>
      </div>

      <PaleCta
        headingId="project-cta-heading"
        title="Want Results Like These?"
        spacing="py-16"
        actions={
          <>
            <InquiryButton className="btn-primary">Get Started</InquiryButton>
            <Link to="/portfolio" className="btn-secondary">
              View More Projects
            </Link>
          </>
        }
      />
    </main>
  );
}

const storyTitle = "text-2xl font-bold text-slate-900 dark:text-white";
const asideTitle = "text-lg font-semibold text-slate-900 dark:text-white";

/** A card of the aside (the project's facts, its results). */
function AsideCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <HeadedSection
      id={id}
      title={title}
      className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
      titleClassName={asideTitle}
    >
      {children}
    </HeadedSection>
  );
}

/** A part of the project's story (the challenge, the solution), when the project tells it. */
function StoryPart({ id, title, text }: { id: string; title: string; text: string | null }) {
  if (!text) return null;
  return (
    <HeadedSection id={id} title={title} titleClassName={storyTitle}>
      <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{text}</p>
    </HeadedSection>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <main
      id="main"
      className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center"
    >
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">Project Not Found</h1>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
        This project does not exist or is no longer in our portfolio.
      </p>
      <Link to="/portfolio" className="btn-primary mt-8">
        ← Back to Portfolio
      </Link>
    </main>
  );
}
