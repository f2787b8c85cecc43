// One renderer for every homepage section (homepage-sections.tsx says what each one holds): the
// preview of what is stored, and the edit form with its fields and repeatable list.
import type { SectionId } from "#app/domain/content/content.schema.ts";
import type { ActionDraft, ActionFailure } from "#app/web/form-action.server.ts";
import { AdminForm, FormActions } from "./admin-form.tsx";
import { SpecFields } from "./field-specs.tsx";
import { type EditorData, type ListSpec, SECTIONS, str } from "./homepage-sections.tsx";
import { type Item, ItemList } from "./list-items.tsx";
import { DraftBase } from "./version-status.tsx";

export function SectionPreview({ id, data }: { id: SectionId; data: EditorData }) {
  const section = data.content[id] as Item | null;
  if (!section) {
    return (
      <p className="mt-4 text-sm text-slate-600 italic dark:text-slate-300">
        This section is not configured in the database yet.
      </p>
    );
  }
  const spec = SECTIONS[id];
  return (
    <>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {spec.preview.map(([term, show]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="text-slate-900 dark:text-slate-100">
              {(typeof show === "string" ? str(section[show]) : show(section, data)) || "-"}
            </dd>
          </div>
        ))}
      </dl>
      {spec.previewItems?.(section, data)}
    </>
  );
}

/**
 * A section's form: its fields, then its list. `answer` is the server's answer about this
 * section (a refused save, or a list edit made without script), shown instead of what is stored.
 */
export function SectionForm({
  id,
  data,
  answer,
}: {
  id: SectionId;
  data: EditorData;
  answer?: ActionFailure | ActionDraft;
}) {
  const spec = SECTIONS[id];
  const stored = (data.content[id] ?? {}) as Item;
  const list = spec.list;
  return (
    <AdminForm
      intent="save"
      defaultSubmit="Save Draft"
      failure={answer?.ok === false ? answer : null}
      defaults={answer?.values ?? spec.values?.(stored, data) ?? stored}
      className="mt-6 space-y-5"
    >
      <input type="hidden" name="sectionId" value={id} />
      <SpecFields fields={spec.fields} />
      {list && <SectionList list={list} data={data} />}
      <DraftBase liveId={data.states[id]?.live?.id} />
      <FormActions
        submit="Save Draft"
        busy="Saving draft..."
        cancelTo="/admin/homepage"
        className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-5 dark:border-slate-800"
      />
    </AdminForm>
  );
}

/** A section's repeatable list, each item's fields drawn from the list's spec. */
function SectionList({ list, data }: { list: ListSpec; data: EditorData }) {
  const { fields, adder, ...props } = list;
  return (
    <ItemList {...props} adder={adder && ((items) => adder(items, data))}>
      {(prefix) => <SpecFields fields={fields} prefix={prefix} />}
    </ItemList>
  );
}
