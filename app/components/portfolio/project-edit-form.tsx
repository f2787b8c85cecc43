// The Project Details manager's edit mode. A plain POST form (it works without JavaScript); with
// script it checks the same schema before sending, lists what to correct, focuses the first
// field to fix, and adds and removes technology and metric rows in place.
import { type FormEvent, useState } from "react";
import { AdminForm, FieldErrors, FormActions } from "#app/components/admin/admin-form.tsx";
import {
  ErrorList,
  FieldMessage,
  FormArea,
  FormGroup,
  FormText,
} from "#app/components/admin/form-fields.tsx";
import { FormImage } from "#app/components/admin/image-field.tsx";
import { TextRows } from "#app/components/admin/text-rows.tsx";
import { DraftBase } from "#app/components/admin/version-status.tsx";
import { externalUrl, type ProjectDetails } from "#app/domain/portfolio/portfolio.ts";
import {
  formLists,
  projectFromForm,
  validateProject,
} from "#app/domain/portfolio/project.schema.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";

/** The editor's values: the loaded project, or what was posted when the server refused it. */
export type EditorValues = Omit<ProjectDetails, "id">;

/** The form's fields by name (projectFromForm reads them back). */
function fieldValues(v: EditorValues): Record<string, string> {
  return {
    title: v.title,
    category: v.category,
    client: v.client,
    clientIndustry: v.clientIndustry,
    clientSize: v.clientSize,
    timeline: v.timeline,
    teamSize: v.teamSize,
    completedDate: v.completedDate.slice(0, 10),
    description: v.description,
    projectUrl: v.projectUrl ? externalUrl(v.projectUrl) : "",
    image: v.image,
    challenge: v.challenge,
    solution: v.solution,
    testimonialContent: v.testimonial.content,
    testimonialAuthor: v.testimonial.author,
    testimonialPosition: v.testimonial.position,
    testimonialCompany: v.testimonial.company,
  };
}

const technologyColumns = [
  { name: "technologies", label: (n: number) => `Technology ${n}`, newLabel: "New technology" },
];
const metricColumns = [
  { name: "metricLabel", label: (n: number) => `Metric ${n} label`, newLabel: "New metric label" },
  { name: "metricValue", label: (n: number) => `Metric ${n} value`, newLabel: "New metric value" },
];

export function ProjectEditForm({
  projectId,
  values,
  failure,
  cancelTo,
  onInvalid,
  baseVersionId,
}: {
  projectId: number;
  /** The live version the draft starts from (decision 0021). */
  baseVersionId: number | null;
  values: EditorValues;
  /** The server's refusal of the last save, if it refused it. */
  failure: ActionFailure | null;
  cancelTo: string;
  /** The browser check found something to correct (nothing was sent). */
  onInvalid: () => void;
}) {
  const [checkErrors, setCheckErrors] = useState<Record<string, string> | null>(null);

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = validateProject(projectFromForm(formLists(new FormData(form))));
    if (result.ok) {
      setCheckErrors(null);
      return;
    }
    event.preventDefault();
    setCheckErrors(result.fieldErrors);
    onInvalid();
    const first = Object.keys(result.fieldErrors)[0];
    requestAnimationFrame(() => {
      form.querySelector<HTMLElement>(`[name="${first}"], [aria-invalid="true"]`)?.focus();
    });
  }

  return (
    <AdminForm
      intent="update"
      id={projectId}
      failure={failure}
      defaults={fieldValues(values)}
      label="Edit project"
      onSubmit={checkBeforeSending}
      className="grid gap-5"
    >
      <FieldErrors errors={checkErrors}>
        <ErrorList />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormText label="Title" name="title" required />
          <FormText
            label="Category"
            name="category"
            hint="For example Web Development, E-commerce or AI Solutions."
          />
          <FormText label="Client" name="client" />
          <FormText label="Client Industry" name="clientIndustry" />
          <FormText label="Client Size" name="clientSize" />
          <FormText label="Timeline" name="timeline" />
          <FormText label="Team Size" name="teamSize" />
          <FormText label="Completed Date" name="completedDate" type="date" />
        </div>
        <FormArea label="Description" name="description" rows={3} />
        <FormText
          label="Project URL"
          name="projectUrl"
          type="url"
          hint="The live site, for example https://example.com (optional, at most 2,048 characters)."
        />
        <FormImage
          name="image"
          label="Project Image"
          description="Shown on the portfolio, the project page and the homepage."
        />
        <FormArea label="The Challenge" name="challenge" rows={4} />
        <FormArea label="Our Solution" name="solution" rows={4} />

        <TextRows
          legend="Technologies"
          name="technologies"
          columns={technologyColumns}
          rows={values.technologies.map((name) => ({ technologies: name }))}
          add="Add Technology"
          removeName={(row) => `technology ${row.technologies}`}
        />
        <TextRows
          legend="Results metrics"
          name="results"
          columns={metricColumns}
          rows={values.results.metrics.map((m) => ({ metricLabel: m.label, metricValue: m.value }))}
          add="Add Metric"
          removeName={(row, n) => `metric ${row.metricLabel || n}`}
        />

        <FormGroup legend="Client Testimonial" className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-3">
            <FieldMessage name="testimonial" />
            <FormArea label="Testimonial" name="testimonialContent" rows={3} />
          </div>
          <FormText label="Author" name="testimonialAuthor" />
          <FormText label="Position" name="testimonialPosition" />
          <FormText label="Company" name="testimonialCompany" />
        </FormGroup>

        <DraftBase liveId={baseVersionId} />
        <FormActions
          submit="Save Draft"
          busy="Saving..."
          cancelTo={cancelTo}
          className="flex flex-wrap justify-end gap-3"
        />
      </FieldErrors>
    </AdminForm>
  );
}
