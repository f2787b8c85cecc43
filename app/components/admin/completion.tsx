// A cohort's completion on its Classes screen (issue 46): each student's classes attended against
// the course's rule; after the last class, staff confirm (the printed name may be corrected
// first), which issues the certificate; an issued one links to its public page and can be revoked
// with a reason.
import { Link } from "react-router";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { FormText } from "#app/components/admin/form-fields.tsx";
import { DataTable } from "#app/components/admin/screen.tsx";
import { When } from "#app/components/ui/when.tsx";
import { formatDay } from "#app/domain/settings/clock.ts";
import type { CohortCompletion } from "#app/domain/training/completion.server.ts";
import {
  CERTIFICATE_NAME_MAX,
  certificatePath,
  REVOKE_REASON_MAX,
} from "#app/domain/training/completion.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";

const cell = "px-3 py-2 align-top";

type Student = CohortCompletion["students"][number];

/** What the loader hands the screen (dates as the wire carries them). */
type Completion = Omit<CohortCompletion, "students"> & {
  students: (Omit<Student, "certificate"> & {
    certificate:
      | (Omit<NonNullable<Student["certificate"]>, "issuedAt" | "revokedAt"> & {
          issuedAt: string | Date;
          revokedAt: string | Date | null;
        })
      | null;
  })[];
};

export function CompletionPanel({
  completion,
  failure,
}: {
  completion: Completion;
  /** The last refused issue or revoke, shown on its own student's row. */
  failure: ActionFailure | null;
}) {
  const { rulePercent, over, lastDay } = completion;
  const failureFor = (id: string | number) =>
    failure && String(failure.values?.id ?? "") === String(id) ? failure : null;
  return (
    <>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        A student completes the course by attending at least {rulePercent} % of the classes held
        (present or late).{" "}
        {over
          ? `The last class was on ${lastDay ? formatDay(lastDay) : "its day"}: confirm each student who completed to issue their certificate.`
          : "Certificates are issued after the last class."}
      </p>
      <DataTable
        caption="Completion"
        columns={["Student", "Attended", "Certificate"]}
        empty="No students hold a seat in this cohort."
      >
        {completion.students.map((s) => (
          <tr key={s.registrationId} data-testid={`completion-${s.registrationId}`}>
            <td className={`${cell} break-words`}>{s.name}</td>
            <td className={`${cell} whitespace-nowrap`}>
              {s.standing.attended} of {s.standing.held} ({s.standing.percent} %)
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                {s.standing.meets ? "Meets the rule" : `Below ${rulePercent} %`}
              </span>
            </td>
            <td className={cell}>
              {s.certificate ? (
                <IssuedCell certificate={s.certificate} failure={failureFor(s.certificate.id)} />
              ) : over && s.standing.meets ? (
                <AdminForm
                  intent="issue-certificate"
                  id={s.registrationId}
                  failure={failureFor(s.registrationId)}
                  defaults={{ name: s.name }}
                  label={`Confirm ${s.name}'s completion`}
                  className="space-y-2"
                >
                  <FormText
                    label="Name on the certificate"
                    name="name"
                    required
                    maxLength={CERTIFICATE_NAME_MAX}
                  />
                  <FormActions
                    submit="Confirm and issue certificate"
                    busy="Issuing..."
                    className="flex pt-1"
                  />
                </AdminForm>
              ) : (
                <span className="text-slate-600 dark:text-slate-300">
                  {over ? "Did not complete" : "Not yet"}
                </span>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

function IssuedCell({
  certificate: c,
  failure,
}: {
  certificate: NonNullable<Completion["students"][number]["certificate"]>;
  failure: ActionFailure | null;
}) {
  return (
    <div className="space-y-2">
      <p>
        <Link
          to={certificatePath(c.id)}
          className="font-mono text-brand-700 underline dark:text-brand-300"
        >
          {c.id}
        </Link>{" "}
        issued to {c.name} on <When at={new Date(c.issuedAt).toISOString()} kind="date" />
      </p>
      {c.revokedAt ? (
        <p className="font-semibold text-red-700 dark:text-red-300">
          Revoked on <When at={new Date(c.revokedAt).toISOString()} kind="date" />
        </p>
      ) : (
        <details open={Boolean(failure)}>
          <summary className="cursor-pointer text-sm text-red-700 underline dark:text-red-300">
            Revoke
          </summary>
          <AdminForm
            intent="revoke-certificate"
            id={c.id}
            failure={failure}
            label={`Revoke certificate ${c.id}`}
            className="mt-2 space-y-2"
          >
            <FormText
              label="Reason"
              name="reason"
              required
              maxLength={REVOKE_REASON_MAX}
              hint="Kept with the certificate; its public page says it is revoked."
            />
            <FormActions submit="Revoke certificate" busy="Revoking..." danger />
          </AdminForm>
        </details>
      )}
    </div>
  );
}
