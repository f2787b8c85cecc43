// A consultant who leaves (Users screen): disabling or deleting someone with upcoming
// consultations lists them and asks whether to give them to colleagues or cancel them.
import { displayName } from "#app/domain/auth/roles.ts";
import type { StaffBooking } from "#app/domain/consultations/consultations.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";
import { When } from "../ui/when.tsx";
import { ConfirmRecord } from "./admin-dialog.tsx";

/** Disable, after the question (and, for a consultant, what becomes of their consultations). */
export function DisableDialog({
  user,
  closeTo,
  leaving,
  failure,
}: {
  user: (Parameters<typeof displayName>[0] & { id: number; email: string }) | undefined;
  closeTo: string;
  leaving: StaffBooking[];
  failure: ActionFailure | null;
}) {
  return (
    <ConfirmRecord
      record={user}
      title="Disable User"
      closeTo={closeTo}
      intent="disable"
      confirm="Disable User"
      busy="Disabling..."
    >
      {(user) => (
        <>
          <p>
            {displayName(user)} ({user.email}) is signed out everywhere and cannot sign in until
            enabled again; their open customer records go back to New leads.
          </p>
          <LeavingConsultations consultations={leaving} failure={failure} />
        </>
      )}
    </ConfirmRecord>
  );
}

/** A leaving consultant's upcoming consultations, and the choice of what becomes of them. */
export function LeavingConsultations({
  consultations,
  failure,
}: {
  consultations: StaffBooking[];
  failure: ActionFailure | null;
}) {
  const error = failure?.fieldErrors?.consultations;
  return (
    <fieldset aria-describedby={error ? "consultations-error" : undefined} className="space-y-2">
      <legend className="font-medium">
        Their upcoming consultations ({consultations.length}); each booker is e-mailed:
      </legend>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {consultations.map((b) => (
          <li key={b.id}>
            <When at={b.startsAt} /> with {b.name}
            {b.company ? `, ${b.company}` : ""}
          </li>
        ))}
      </ul>
      {error && (
        <p id="consultations-error" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="consultations" value="reassign" required className="mt-1" />
        Give each to another consultant who is free at that time (one nobody can take is cancelled)
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="consultations" value="cancel" required className="mt-1" />
        Cancel them
      </label>
    </fieldset>
  );
}
