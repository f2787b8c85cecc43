// The Content Management tab: the six homepage sections, each with a preview and an edit form.
// Edit and Cancel are links (?edit=hero), Save posts the form; list edits (add, remove, move)
// are submit buttons the server answers with the edited draft, and script does them in place.
import { FormAlert } from "#app/components/ui/fields.tsx";
import { HISTORY_NOTICES } from "#app/domain/history/history.ts";
import type { ActionDraft, ActionFailure } from "#app/web/form-action.server.ts";
import { useBusy } from "./admin-form.tsx";
import { adminButton } from "./buttons.ts";
import { SectionForm, SectionPreview } from "./homepage-section.tsx";
import { type EditorData, SECTION_ORDER, SECTIONS } from "./homepage-sections.tsx";
import { Notice, Panel, RowLink, SaveStatus, ScreenHeader } from "./screen.tsx";
import { VersionStatus } from "./version-status.tsx";

export type { EditorData };
/** The action's answer: a refused save or a list edit, about the section in values.sectionId. */
export type EditorAnswer = ActionFailure | ActionDraft;

export function HomepageEditor({ data, answer }: { data: EditorData; answer?: EditorAnswer }) {
  const saving = useBusy("save");
  const failed = answer?.ok === false;
  const about = answer?.values?.sectionId;
  const section = SECTION_ORDER.find((id) => id === about);
  return (
    <>
      <ScreenHeader
        title="Content Management"
        description="Edit the sections of the home page, one at a time. Save keeps a draft that visitors do not see; Publish makes it live."
        action={<SaveStatus saving={saving} saved={Boolean(data.saved) && !failed} />}
      />
      <Notice
        message={
          data.history
            ? HISTORY_NOTICES[data.history]
            : data.saved && !failed
              ? "Draft saved. Visitors see the live version until you publish it."
              : undefined
        }
      />
      {failed && !section && (
        <div className="mt-4">
          <FormAlert kind="error">{answer.error}</FormAlert>
        </div>
      )}
      <div className="mt-8 space-y-6">
        {SECTION_ORDER.map((id) => {
          const title = SECTIONS[id].title;
          const mine = section === id ? answer : undefined;
          const editing = data.edit === id || Boolean(mine);
          return (
            <Panel
              key={id}
              id={`section-${id}`}
              title={title}
              titleId={`section-${id}-title`}
              description={SECTIONS[id].description}
              actions={
                !editing && (
                  <RowLink
                    to={`?edit=${id}#section-${id}`}
                    icon="pencil"
                    label={`Edit ${title}`}
                    className={adminButton}
                  >
                    Edit
                  </RowLink>
                )
              }
            >
              {editing ? (
                <SectionForm id={id} data={data} answer={mine} />
              ) : (
                <SectionPreview id={id} data={data} />
              )}
              {data.states[id] && (
                <VersionStatus state={data.states[id]} returnTo={`/admin/homepage#section-${id}`} />
              )}
            </Panel>
          );
        })}
      </div>
    </>
  );
}
