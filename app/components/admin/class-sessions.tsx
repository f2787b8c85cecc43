// A cohort's classes on its Classes screen (issue 46): the table (change, cancel after the
// browser's "are you sure?") and the form that changes the chosen class or adds one.
import { AdminForm, FormActions, useRecordBusy } from "#app/components/admin/admin-form.tsx";
import { adminButton } from "#app/components/admin/buttons.ts";
import { ConfirmButton } from "#app/components/admin/confirm-button.tsx";
import { EditorPanel } from "#app/components/admin/editor-panel.tsx";
import { FormText } from "#app/components/admin/form-fields.tsx";
import { DataTable, RowLink } from "#app/components/admin/screen.tsx";
import { formatDay } from "#app/domain/settings/clock.ts";
import type { ClassSession } from "#app/domain/training/class-sessions.server.ts";
import { formatWallClock, LOCATION_MAX } from "#app/domain/training/class-sessions.ts";
import { formatDayLong } from "#app/domain/training/training.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";

const cell = "px-3 py-2";

const hours = (s: ClassSession) =>
  `${formatWallClock(s.startTime)} to ${formatWallClock(s.endTime)}`;

export function SessionTable({
  sessions,
  today,
  address,
}: {
  sessions: ClassSession[];
  today: string;
  /** Where a class without a place of its own meets (the company's address). */
  address: string;
}) {
  let number = 0;
  return (
    <DataTable
      caption="Classes"
      columns={["Class", "Date", "Time", "Place", "Status", "Actions"]}
      empty="This cohort has no classes."
    >
      {sessions.map((s) => {
        if (s.status === "scheduled") number += 1;
        return (
          <SessionRow
            key={s.id}
            session={s}
            number={s.status === "scheduled" ? number : null}
            changeable={s.status === "scheduled" && s.day >= today}
            markable={s.status === "scheduled" && s.day <= today}
            address={address}
          />
        );
      })}
    </DataTable>
  );
}

function SessionRow({
  session: s,
  number,
  changeable,
  markable,
  address,
}: {
  session: ClassSession;
  number: number | null;
  /** Not over yet: it can move or be cancelled. */
  changeable: boolean;
  /** Started (today or before): its attendance can be seen and, for 7 days, taken. */
  markable: boolean;
  address: string;
}) {
  const busy = useRecordBusy(s.id);
  const name = `${formatDay(s.day)}, ${hours(s)}`;
  return (
    <tr data-testid={`class-session-${s.id}`}>
      <td className={cell}>{number ?? "-"}</td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={s.day}>{formatDayLong(s.day)}</time>
      </td>
      <td className={`${cell} whitespace-nowrap`}>{hours(s)}</td>
      <td className={`${cell} break-words`}>{s.location || address}</td>
      <td className={cell}>{s.status === "cancelled" ? "Cancelled" : "Scheduled"}</td>
      <td className={cell}>
        <div className="flex gap-2">
          {markable && (
            <RowLink
              to={`/portal/classes/${s.id}`}
              icon="clipboard-check"
              label={`Attendance of the class of ${name}`}
              className={adminButton}
            >
              Attendance
            </RowLink>
          )}
          {changeable && (
            <>
              <RowLink
                to={`?session=${s.id}#session-editor`}
                icon="pencil"
                label={`Change the class of ${name}`}
                className={adminButton}
              >
                Change
              </RowLink>
              <ConfirmButton
                question={`Cancel the class of ${name}? Every student with a seat is e-mailed, and it leaves their calendars.`}
                fields={{ intent: "cancel-session", id: s.id }}
                label={`Cancel the class of ${name}`}
                icon="x"
                disabled={busy}
              >
                Cancel
              </ConfirmButton>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Changes `session`, or adds a class (its heading takes the focus when the editor opens). */
export function SessionForm({
  session,
  today,
  failure,
}: {
  session?: ClassSession;
  today: string;
  failure: ActionFailure | null;
}) {
  const editing = Boolean(session);
  const title = session ? `Change the class of ${formatDay(session.day)}` : "Add a class";
  return (
    <EditorPanel id={editing ? "session-editor" : "session-adder"} title={title} editing={editing}>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Every student with a seat is e-mailed the {editing ? "new time" : "class"} with a calendar
        file. Times are the company's local time.
      </p>
      <AdminForm
        intent={editing ? "move-session" : "add-session"}
        id={session?.id}
        failure={failure}
        label={title}
        defaults={{
          day: session?.day,
          start: session?.startTime,
          end: session?.endTime,
          location: session?.location,
        }}
        className="mt-3 space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <FormText
            label="Date"
            name="day"
            type="date"
            required
            hint={`Today or later (${formatDay(today)}).`}
          />
          <FormText label="Starts" name="start" type="time" required />
          <FormText label="Ends" name="end" type="time" required />
        </div>
        <FormText
          label="Place"
          name="location"
          maxLength={LOCATION_MAX}
          hint="A room or an online meeting's link; empty for the company's address."
        />
        <FormActions
          submit={editing ? "Save and e-mail students" : "Add and e-mail students"}
          busy="Saving..."
          cancelTo={editing ? "?" : undefined}
        />
      </AdminForm>
    </EditorPanel>
  );
}
