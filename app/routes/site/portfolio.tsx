import { Link } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import { PaleCta } from "#app/components/marketing/closing-cta.tsx";
import { CategoryIcon, ProjectImage } from "#app/components/portfolio/project-visuals.tsx";
import { withSeo } from "#app/components/seo.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { listPortfolioProjects } from "#app/domain/portfolio/portfolio.server.ts";
import { externalUrl } from "#app/domain/portfolio/portfolio.ts";
import { appContext } from "#app/platform/context.ts";
import { AS_DOCUMENT, STATIC_PAGE_WITH_INQUIRY } from "#app/platform/static-page.ts";
import type { Route } from "./+types/portfolio";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE_WITH_INQUIRY;
export const clientMiddleware = AS_DOCUMENT;

export async function loader({ context }: Route.LoaderArgs) {
  return { projects: await listPortfolioProjects(context.get(appContext).db) };
}

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Our Project Portfolio | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Websites, online stores, AI assistants and predictive analytics we have built for businesses across Alabama: the challenge, the solution and the results.",
    },
  ]);

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { projects } = loaderData;
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-20 text-white">
        <div className="container-page">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Our Project Portfolio</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            Real projects for Alabama businesses: what they needed, what we built and what changed.
          </p>
        </div>
      </section>

      <section aria-label="Projects" className="py-16 sm:py-20">
        <div className="container-page">
          {projects.length === 0 ? (
            <div className="mx-auto max-w-md py-16 text-center">
              <Icon name="folder-open" className="mx-auto size-12 text-slate-400" />
              <h2 className="mt-4 text-2xl font-semibold text-slate-900 dark:text-white">
                No Projects Found
              </h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">
                Portfolio projects will appear here once they are added.
              </p>
            </div>
          ) : (
            <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {projects.map((project, index) => {
                const visit = externalUrl(project.projectUrl);
                return (
                  <li
                    key={project.id}
                    className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
                  >
                    <ProjectImage
                      src={project.image}
                      className="aspect-[16/10] w-full"
                      eager={index === 0}
                    />
                    <div className="flex flex-1 flex-col p-6">
                      <p className="flex items-center gap-2 text-xs font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
                        <CategoryIcon category={project.category} className="size-4" />
                        {project.category}
                      </p>
                      <h2 className="mt-2 text-xl font-semibold text-slate-900 dark:text-white">
                        {project.title}
                      </h2>
                      {project.client && (
                        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                          {project.client}
                        </p>
                      )}
                      <p className="mt-3 flex-1 text-slate-600 dark:text-slate-300">
                        {project.description}
                      </p>
                      {project.technologies.length > 0 && (
                        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Technologies">
                          {project.technologies.slice(0, 4).map((t) => (
                            <li
                              key={t}
                              className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                            >
                              {t}
                            </li>
                          ))}
                        </ul>
                      )}
                      <div className="mt-5 flex flex-wrap gap-4">
                        <Link
                          to={`/portfolio/${project.project_id}`}
                          className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline dark:text-brand-300"
                        >
                          Details<span className="sr-only"> about {project.title}</span>
                          <Icon name="arrow-right" className="size-4" />
                        </Link>
                        {visit && (
                          <a
                            href={visit}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="inline-flex items-center gap-1.5 font-semibold text-slate-700 hover:underline dark:text-slate-200"
                          >
                            Visit Site
                            <span className="sr-only">
                              {" "}
                              of {project.title} (opens in a new tab)
                            </span>
                            <Icon name="external-link" className="size-4" />
                          </a>
                        )}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>

      <PaleCta
        headingId="next-project-heading"
        title="Ready for Your Next Project?"
        lead={`Tell us what you want to build; we will reply ${REPLY_PROMISE} with ideas and a plan.`}
        spacing="py-16 sm:py-20"
        actions={
          <>
            <InquiryButton className="btn-primary">Start Your Project</InquiryButton>
            <Link to="/services/web-development" className="btn-secondary">
              View Services
            </Link>
          </>
        }
      />
    </main>
  );
}
