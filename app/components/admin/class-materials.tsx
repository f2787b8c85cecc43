// A cohort's materials on its Classes screen (issue 46): the list (with Remove) and the form that
// adds a file or a link, for the cohort or one class, released at a day and time.
import { AdminForm, FormActions, useRecordBusy } from "#app/components/admin/admin-form.tsx";
import { ConfirmButton } from "#app/components/admin/confirm-button.tsx";
import { FormFile, FormSelect, FormText } from "#app/components/admin/form-fields.tsx";
import { DataTable } from "#app/components/admin/screen.tsx";
import { When } from "#app/components/ui/when.tsx";
import { formatFileSize } from "#app/domain/media/media.ts";
import type { ClassMaterial } from "#app/domain/training/materials.server.ts";
import { TITLE_MAX, URL_MAX } from "#app/domain/training/materials.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";

const cell = "px-3 py-2";

export function MaterialTable({
  materials,
  classNames,
  now,
}: {
  materials: ClassMaterial[];
  /** Each class's name by its id ("Class 3, June 18, 2026"). */
  classNames: Record<number, string>;
  /** The server's clock: released or not yet. */
  now: string;
}) {
  return (
    <DataTable
      caption="Materials"
      columns={["Title", "What", "For", "Released", "Actions"]}
      empty="No materials yet."
    >
      {materials.map((m) => (
        <MaterialRow
          key={m.id}
          material={m}
          forClass={m.sessionId ? classNames[m.sessionId] : undefined}
          now={now}
        />
      ))}
    </DataTable>
  );
}

function MaterialRow({
  material: m,
  forClass,
  now,
}: {
  material: ClassMaterial;
  forClass?: string;
  now: string;
}) {
  const busy = useRecordBusy(m.id);
  const released = new Date(m.releaseAt).getTime() <= Date.parse(now);
  return (
    <tr data-testid={`material-${m.id}`}>
      <td className={`${cell} break-words`}>{m.title}</td>
      <td className={`${cell} break-all`}>
        {m.storageKey ? `${m.fileName} (${formatFileSize(m.size)})` : m.url}
      </td>
      <td className={cell}>{forClass ?? "The whole cohort"}</td>
      <td className={`${cell} whitespace-nowrap`}>
        {released ? "Since " : "On "}
        <When at={new Date(m.releaseAt).toISOString()} kind="datetime" />
      </td>
      <td className={cell}>
        <ConfirmButton
          question={`Remove "${m.title}"? Students can no longer download it.`}
          fields={{ intent: "remove-material", id: m.id }}
          label={`Remove ${m.title}`}
          disabled={busy}
        >
          Remove
        </ConfirmButton>
      </td>
    </tr>
  );
}

/** Adds a material: a file or a link, released at a day and time in the company's zone. */
export function MaterialForm({
  classes,
  today,
  failure,
}: {
  classes: { value: string; label: string }[];
  today: string;
  failure: ActionFailure | null;
}) {
  return (
    <div className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">Add a material</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Students with a seat see it from its release, and are e-mailed then. Until then it stays
        hidden, its download too.
      </p>
      <AdminForm
        intent="add-material"
        failure={failure}
        label="Add a material"
        multipart
        defaults={{ releaseDay: today, releaseTime: "08:00" }}
        className="mt-3 space-y-4"
      >
        <FormText label="Title" name="title" required maxLength={TITLE_MAX} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormFile
            label="File"
            name="file"
            hint="PDF, Word, PowerPoint, Excel, ZIP, JPG or PNG, up to 25 MB."
          />
          <FormText
            label="Or a link"
            name="url"
            type="url"
            maxLength={URL_MAX}
            hint="A video, a reading or a lab online (https://...)."
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormSelect
            label="For"
            name="sessionId"
            placeholder="The whole cohort"
            options={classes}
          />
          <FormText label="Release day" name="releaseDay" type="date" required />
          <FormText label="Release time" name="releaseTime" type="time" required />
        </div>
        <FormActions submit="Add material" busy="Uploading..." />
      </AdminForm>
    </div>
  );
}
