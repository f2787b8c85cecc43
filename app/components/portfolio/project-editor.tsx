// The Project Details manager's view and edit modes. The edit form is a plain POST form (works
// without JavaScript); with script it checks the same schema first and adds/removes list rows.

import { type FormEvent, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { LocalDate } from "#app/components/portfolio/project-visuals.tsx";
import { TextArea, TextField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { externalUrl, type ProjectDetails } from "#app/domain/portfolio/portfolio.ts";
import {
  type ProjectFieldErrors,
  projectFromForm,
  validateProject,
} from "#app/domain/portfolio/project.schema.ts";

const button =
  "inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50";
export const primaryButton = `${button} bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400`;
export const secondaryButton = `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

/** The editor's values: the loaded project, or what was posted when the server refused it. */
export type EditorValues = Omit<ProjectDetails, "id">;

export function ProjectView({ project }: { project: ProjectDetails }) {
  const rows: [string, React.ReactNode][] = [
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
      <section aria-labelledby="view-technologies">
        <h3 id="view-technologies" className="font-semibold text-slate-900 dark:text-white">
          Technologies
        </h3>
        {project.technologies.length ? (
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
        ) : (
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">None yet.</p>
        )}
      </section>
      <section aria-labelledby="view-results">
        <h3 id="view-results" className="font-semibold text-slate-900 dark:text-white">
          Results
        </h3>
        {project.results.metrics.length ? (
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
        ) : (
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">No result metrics.</p>
        )}
      </section>
      <section aria-labelledby="view-testimonial">
        <h3 id="view-testimonial" className="font-semibold text-slate-900 dark:text-white">
          Testimonial
        </h3>
        {t.content ? (
          <blockquote className="mt-2 border-l-4 border-slate-300 pl-4 text-slate-800 dark:border-slate-600 dark:text-slate-100">
            <p>"{t.content}"</p>
            <footer className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {[t.author, t.position, t.company].filter(Boolean).join(", ")}
            </footer>
          </blockquote>
        ) : (
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">No testimonial.</p>
        )}
      </section>
    </div>
  );
}

let rowKey = 0;
const nextKey = () => ++rowKey;

export function ProjectEditForm({
  projectId,
  values,
  serverErrors,
  saving,
  cancelTo,
  onInvalid,
}: {
  projectId: number;
  values: EditorValues;
  serverErrors: ProjectFieldErrors;
  saving: boolean;
  cancelTo: string;
  onInvalid: () => void;
}) {
  const [clientErrors, setClientErrors] = useState<ProjectFieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors;
  const [technologies, setTechnologies] = useState(() =>
    values.technologies.map((name) => ({ key: nextKey(), name })),
  );
  const [metrics, setMetrics] = useState(() =>
    values.results.metrics.map((m) => ({ key: nextKey(), ...m })),
  );
  const newTech = useRef<HTMLInputElement>(null);
  const newLabel = useRef<HTMLInputElement>(null);
  const newValue = useRef<HTMLInputElement>(null);
  const ids = useId();

  function addTechnology() {
    const name = newTech.current?.value.trim() ?? "";
    if (!name) {
      newTech.current?.focus();
      return;
    }
    setTechnologies((list) => [...list, { key: nextKey(), name }]);
    if (newTech.current) {
      newTech.current.value = "";
      newTech.current.focus();
    }
  }

  function addMetric() {
    const label = newLabel.current?.value.trim() ?? "";
    const value = newValue.current?.value.trim() ?? "";
    if (!label && !value) {
      newLabel.current?.focus();
      return;
    }
    setMetrics((list) => [...list, { key: nextKey(), label, value }]);
    if (newLabel.current && newValue.current) {
      newLabel.current.value = "";
      newValue.current.value = "";
      newLabel.current.focus();
    }
  }

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = validateProject(projectFromForm(new FormData(form)));
    if (result.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(result.errors);
    onInvalid();
    const first = Object.keys(result.errors)[0];
    requestAnimationFrame(() => {
      form.querySelector<HTMLElement>(`[name="${first}"], [aria-invalid="true"]`)?.focus();
    });
  }

  const t = values.testimonial;
  return (
    <Form
      method="post"
      noValidate
      onSubmit={checkBeforeSending}
      aria-label="Edit project"
      className="grid gap-5"
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={projectId} />
      {Object.keys(errors).length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p className="font-semibold">Please correct the following:</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(errors).map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Title"
          name="title"
          required
          defaultValue={values.title}
          error={errors.title}
        />
        <TextField
          label="Category"
          name="category"
          defaultValue={values.category}
          error={errors.category}
          hint="For example Web Development, E-commerce or AI Solutions."
        />
        <TextField
          label="Client"
          name="client"
          defaultValue={values.client}
          error={errors.client}
        />
        <TextField
          label="Client Industry"
          name="clientIndustry"
          defaultValue={values.clientIndustry}
          error={errors.clientIndustry}
        />
        <TextField
          label="Client Size"
          name="clientSize"
          defaultValue={values.clientSize}
          error={errors.clientSize}
        />
        <TextField
          label="Timeline"
          name="timeline"
          defaultValue={values.timeline}
          error={errors.timeline}
        />
        <TextField
          label="Team Size"
          name="teamSize"
          defaultValue={values.teamSize}
          error={errors.teamSize}
        />
        <TextField
          label="Completed Date"
          name="completedDate"
          type="date"
          defaultValue={values.completedDate.slice(0, 10)}
          error={errors.completedDate}
        />
      </div>
      <TextArea
        label="Description"
        name="description"
        rows={3}
        defaultValue={values.description}
        error={errors.description}
      />
      <TextField
        label="Project URL"
        name="projectUrl"
        type="url"
        defaultValue={values.projectUrl ? externalUrl(values.projectUrl) : ""}
        error={errors.projectUrl}
        hint="The live site, for example https://example.com (optional, at most 2,048 characters)."
      />
      <ImageField
        name="image"
        label="Project Image"
        defaultValue={values.image}
        description="Shown on the portfolio, the project page and the homepage."
      />
      {errors.image && (
        <p className="-mt-3 text-sm text-red-700 dark:text-red-400">{errors.image}</p>
      )}
      <TextArea
        label="The Challenge"
        name="challenge"
        rows={4}
        defaultValue={values.challenge}
        error={errors.challenge}
      />
      <TextArea
        label="Our Solution"
        name="solution"
        rows={4}
        defaultValue={values.solution}
        error={errors.solution}
      />

      <fieldset className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <legend className="px-1 font-semibold text-slate-900 dark:text-white">Technologies</legend>
        {errors.technologies && (
          <p className="text-sm text-red-700 dark:text-red-400">{errors.technologies}</p>
        )}
        <ul className="grid gap-2">
          {technologies.map((tech, i) => (
            <li key={tech.key} className="flex items-center gap-2">
              <label htmlFor={`${ids}-tech-${tech.key}`} className="sr-only">
                Technology {i + 1}
              </label>
              <input
                id={`${ids}-tech-${tech.key}`}
                name="technologies"
                defaultValue={tech.name}
                className={inputClass}
              />
              <button
                type="button"
                className={secondaryButton}
                onClick={() => setTechnologies((list) => list.filter((x) => x.key !== tech.key))}
              >
                <Icon name="x" className="size-4" aria-hidden="true" />
                Remove<span className="sr-only"> technology {tech.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex items-end gap-2">
          <div className="flex-1">
            <label
              htmlFor={`${ids}-new-tech`}
              className="text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              New technology
            </label>
            {/* Named like the rows: without script, what is typed here is saved too. */}
            <input
              id={`${ids}-new-tech`}
              ref={newTech}
              name="technologies"
              className={inputClass}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  addTechnology();
                }
              }}
            />
          </div>
          <button type="button" className={secondaryButton} onClick={addTechnology}>
            <Icon name="plus" className="size-4" aria-hidden="true" />
            Add Technology
          </button>
        </div>
      </fieldset>

      <fieldset className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <legend className="px-1 font-semibold text-slate-900 dark:text-white">
          Results metrics
        </legend>
        {errors.results && (
          <p className="text-sm text-red-700 dark:text-red-400">{errors.results}</p>
        )}
        <ul className="grid gap-2">
          {metrics.map((metric, i) => (
            <li key={metric.key} className="flex flex-wrap items-end gap-2">
              <div className="flex-1">
                <label
                  htmlFor={`${ids}-ml-${metric.key}`}
                  className="text-sm text-slate-700 dark:text-slate-300"
                >
                  Metric {i + 1} label
                </label>
                <input
                  id={`${ids}-ml-${metric.key}`}
                  name="metricLabel"
                  defaultValue={metric.label}
                  className={inputClass}
                />
              </div>
              <div className="flex-1">
                <label
                  htmlFor={`${ids}-mv-${metric.key}`}
                  className="text-sm text-slate-700 dark:text-slate-300"
                >
                  Metric {i + 1} value
                </label>
                <input
                  id={`${ids}-mv-${metric.key}`}
                  name="metricValue"
                  defaultValue={metric.value}
                  className={inputClass}
                />
              </div>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => setMetrics((list) => list.filter((x) => x.key !== metric.key))}
              >
                <Icon name="x" className="size-4" aria-hidden="true" />
                Remove<span className="sr-only"> metric {metric.label || i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="flex-1">
            <label
              htmlFor={`${ids}-new-label`}
              className="text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              New metric label
            </label>
            <input
              id={`${ids}-new-label`}
              ref={newLabel}
              name="metricLabel"
              className={inputClass}
            />
          </div>
          <div className="flex-1">
            <label
              htmlFor={`${ids}-new-value`}
              className="text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              New metric value
            </label>
            <input
              id={`${ids}-new-value`}
              ref={newValue}
              name="metricValue"
              className={inputClass}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  addMetric();
                }
              }}
            />
          </div>
          <button type="button" className={secondaryButton} onClick={addMetric}>
            <Icon name="plus" className="size-4" aria-hidden="true" />
            Add Metric
          </button>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700">
        <legend className="px-1 font-semibold text-slate-900 dark:text-white">
          Client Testimonial
        </legend>
        {errors.testimonial && (
          <p className="text-sm text-red-700 sm:col-span-3 dark:text-red-400">
            {errors.testimonial}
          </p>
        )}
        <div className="sm:col-span-3">
          <TextArea
            label="Testimonial"
            name="testimonialContent"
            rows={3}
            defaultValue={t.content}
          />
        </div>
        <TextField label="Author" name="testimonialAuthor" defaultValue={t.author} />
        <TextField label="Position" name="testimonialPosition" defaultValue={t.position} />
        <TextField label="Company" name="testimonialCompany" defaultValue={t.company} />
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </button>
        <Link to={cancelTo} className={secondaryButton}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-white";
