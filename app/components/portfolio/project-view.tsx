// The Project Details manager's view mode: every field of a project as its public page uses it.
import type { ReactNode } from "react";
import { LocalDate } from "#app/components/portfolio/project-visuals.tsx";
import { externalUrl, type ProjectDetails } from "#app/domain/portfolio/portfolio.ts";

export function ProjectView({ project }: { project: ProjectDetails }) {
  const rows: [string, ReactNode][] = [
    ["Title", project.title],
    ["Category", project.category],
    ["Client", project.client],
    ["Description", project.description],
    ["Image", project.image],
    [
      "Project URL",
      project.projectUrl ? (
        <a
          key="url"
          href={externalUrl(project.projectUrl)}
          className="break-all text-brand-700 underline dark:text-brand-300"
        >
          {project.projectUrl}
        </a>
      ) : (
        ""
      ),
    ],
    ["Client Industry", project.clientIndustry],
    ["Client Size", project.clientSize],
    ["Timeline", project.timeline],
    ["Team Size", project.teamSize],
    [
      "Completed Date",
      project.completedDate ? <LocalDate key="date" value={project.completedDate} /> : "",
    ],
    ["The Challenge", project.challenge],
    ["Our Solution", project.solution],
  ];
  const t = project.testimonial;
  return (
    <div className="grid gap-6">
      {project.image && (
        <img
          src={project.image}
          alt=""
          className="h-48 w-auto max-w-full rounded-lg object-cover"
        />
      )}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="whitespace-pre-line text-slate-900 dark:text-white">
              {value || <span className="text-slate-500 dark:text-slate-400">Not set</span>}
            </dd>
          </div>
        ))}
      </dl>
      <ViewSection id="view-technologies" title="Technologies" empty="None yet.">
        {project.technologies.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2">
            {project.technologies.map((tech) => (
              <li
                key={tech}
                className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
              >
                {tech}
              </li>
            ))}
          </ul>
        )}
      </ViewSection>
      <ViewSection id="view-results" title="Results" empty="No result metrics.">
        {project.results.metrics.length > 0 && (
          <dl className="mt-2 grid gap-2 sm:grid-cols-3">
            {project.results.metrics.map((m) => (
              <div
                key={`${m.label}|${m.value}`}
                className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                <dt className="text-sm text-slate-600 dark:text-slate-300">{m.label}</dt>
                <dd className="text-lg font-bold text-slate-900 dark:text-white">{m.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </ViewSection>
      <ViewSection id="view-testimonial" title="Testimonial" empty="No testimonial.">
        {t.content && (
          <blockquote className="mt-2 border-l-4 border-slate-300 pl-4 text-slate-800 dark:border-slate-600 dark:text-slate-100">
            <p>"{t.content}"</p>
            <footer className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {[t.author, t.position, t.company].filter(Boolean).join(", ")}
            </footer>
          </blockquote>
        )}
      </ViewSection>
    </div>
  );
}

/** A part of the project under its heading, or what to say when the project has none. */
function ViewSection({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  /** False when there is nothing to show. */
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-semibold text-slate-900 dark:text-white">
        {title}
      </h3>
      {children || <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{empty}</p>}
    </section>
  );
}
