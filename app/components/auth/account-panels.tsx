// The panels of /account beside the password: two-factor sign-in, passkeys and sessions. Each
// posts its intent to the page's action (app/routes/account/account.tsx).
import { useRevalidator } from "react-router";
import { AdminForm, FormActions, useRecordBusy } from "#app/components/admin/admin-form.tsx";
import { RowAction } from "#app/components/admin/confirm-button.tsx";
import { FormText } from "#app/components/admin/form-fields.tsx";
import { Badge, badgeStyle, countOf, DataTable, Panel } from "#app/components/admin/screen.tsx";
import { FormAlert } from "#app/components/ui/fields.tsx";
import { useClock, When } from "#app/components/ui/when.tsx";
import { factorWords } from "#app/domain/auth/factors.ts";
import type { PasskeyItem } from "#app/domain/auth/passkeys.server.ts";
import type { SessionItem } from "#app/domain/auth/sessions.server.ts";
import type { TotpEnrolment } from "#app/domain/auth/two-factor.server.ts";
import { describeUserAgent } from "#app/domain/auth/user-agent.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";
import { AddPasskey, PasskeyConfirm } from "./passkey-buttons.tsx";

const muted = "text-sm text-slate-600 dark:text-slate-300";

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface TwoFactorState {
  on: boolean;
  recoveryLeft: number;
  enrolment: TotpEnrolment | null;
  /** Required by the settings and this session has no second factor: nothing else opens. */
  required: boolean;
}

/** "Confirm it's you": until when this session may change sign-in settings, and what confirms. */
export interface ConfirmationState {
  until: string | null;
  code: boolean;
  passkey: boolean;
}

/**
 * "Confirm it's you" (as GitHub's sudo mode): changes to two-factor sign-in, recovery codes and
 * passkeys need the password or a second factor given on this session in the last 10 minutes.
 */
export function ConfirmPanel({
  state,
  failure,
}: {
  state: ConfirmationState;
  failure: ActionFailure | null;
}) {
  const { revalidate } = useRevalidator();
  const clock = useClock();
  if (state.until) {
    return (
      <p className={`${muted} rounded-lg border border-slate-200 p-4 dark:border-slate-700`}>
        <Badge className={badgeStyle.success}>Confirmed</Badge> You can change your sign-in settings
        until {clock.dateTime(state.until)}.
      </p>
    );
  }
  return (
    <Panel
      id="confirm"
      title="Confirm it's you"
      titleId="confirm-heading"
      description="Turning two-factor sign-in on, making new recovery codes and adding or removing a passkey need your password or a second factor, given in the last 10 minutes."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <AdminForm
          intent="confirm"
          failure={failure?.fieldErrors?.password ? failure : null}
          label="Confirm with your password"
          className="max-w-md space-y-4"
        >
          <FormText
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <FormActions submit="Confirm" busy="Checking..." />
        </AdminForm>
        {state.code && (
          <AdminForm
            intent="confirm"
            failure={failure?.fieldErrors?.code ? failure : null}
            label="Confirm with a code"
            className="max-w-md space-y-4"
          >
            <FormText
              label="A code from your app, or a recovery code"
              name="code"
              autoComplete="one-time-code"
              required
            />
            <FormActions submit="Confirm with the code" busy="Checking..." />
          </AdminForm>
        )}
      </div>
      {state.passkey && (
        <div className="mt-4">
          <PasskeyConfirm onConfirmed={() => revalidate()} />
        </div>
      )}
    </Panel>
  );
}

export function TwoFactorPanel({
  state,
  owns,
  failure,
  recoveryCodes,
}: {
  state: TwoFactorState;
  /** The person has a second factor (codes or a passkey) this session did not use. */
  owns: boolean;
  failure: ActionFailure | null;
  /** Just made: shown once. */
  recoveryCodes?: string[];
}) {
  return (
    <Panel
      id="two-factor"
      title="Two-factor sign-in"
      titleId="two-factor-heading"
      description="After your password, a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password...)."
    >
      {state.required && (
        <FormAlert kind="error">
          Administrators must sign in with two factors here. This session was signed in without one:{" "}
          {owns
            ? "confirm it's you with a code or your passkey"
            : "set up two-factor sign-in, or add a passkey"}{" "}
          before you open anything else.
        </FormAlert>
      )}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : state.on ? (
        <div className="space-y-4">
          <p className={muted}>
            <Badge className={badgeStyle.success}>On</Badge> {state.recoveryLeft} of 10 recovery
            codes left.
          </p>
          <AdminForm intent="recovery-codes" label="Make new recovery codes">
            <FormActions submit="Make new recovery codes" busy="Making..." className="flex pt-1" />
          </AdminForm>
          <AdminForm
            intent="totp-disable"
            failure={failure}
            label="Turn off two-factor sign-in"
            className="max-w-md space-y-4"
          >
            <FormText
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <FormText
              label="A code from your app, or a recovery code"
              name="code"
              autoComplete="one-time-code"
              required
            />
            <FormActions submit="Turn off two-factor" busy="Turning off..." />
          </AdminForm>
        </div>
      ) : state.enrolment ? (
        <Enrolment enrolment={state.enrolment} failure={failure} />
      ) : (
        <AdminForm intent="totp-start" failure={failure} label="Set up two-factor sign-in">
          <p className={muted}>Off: your password alone signs you in.</p>
          <FormActions submit="Set up two-factor" busy="Starting..." className="flex pt-2" />
        </AdminForm>
      )}
    </Panel>
  );
}

function Enrolment({
  enrolment,
  failure,
}: {
  enrolment: TotpEnrolment;
  failure: ActionFailure | null;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
      <figure className="w-56 rounded-lg bg-white p-2">
        {/* Drawn on our server from the key (the qrcode library's SVG): no image from elsewhere. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG, made from the key */}
        <div dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
        <figcaption className="sr-only">QR code of your two-factor key</figcaption>
      </figure>
      <div className="space-y-4">
        <ol className={`list-decimal space-y-2 pl-5 ${muted}`}>
          <li>In your authenticator app, add an account and scan the QR code.</li>
          <li>
            No camera? Enter this key instead:{" "}
            <code
              className="font-mono text-base break-words text-slate-900 dark:text-white"
              data-testid="totp-key"
            >
              {enrolment.key}
            </code>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <AdminForm
          intent="totp-confirm"
          failure={failure}
          label="Confirm two-factor sign-in"
          className="max-w-xs space-y-4"
        >
          <FormText label="Code from the app" name="code" autoComplete="one-time-code" required />
          <FormActions submit="Turn on" busy="Checking..." className="flex gap-3 pt-2" />
        </AdminForm>
        <AdminForm intent="totp-cancel" label="Cancel the set-up">
          <button type="submit" className="text-sm text-brand-700 underline dark:text-brand-300">
            Cancel the set-up
          </button>
        </AdminForm>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3">
      <FormAlert kind="success">
        Two-factor sign-in is on. Save these recovery codes somewhere safe: each signs you in once
        if you lose your phone. They are shown only now.
      </FormAlert>
      <ol
        aria-label="Recovery codes"
        className="grid max-w-md grid-cols-2 gap-2 rounded-lg border border-slate-300 bg-slate-50 p-4 font-mono text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}

export function PasskeysPanel({ passkeys }: { passkeys: PasskeyItem[] }) {
  const { revalidate } = useRevalidator();
  return (
    <Panel
      id="passkeys"
      title="Passkeys"
      titleId="passkeys-heading"
      description="A passkey signs you in without a password: your device checks your fingerprint, face or PIN. It counts as two factors."
    >
      <DataTable
        caption="Your passkeys"
        columns={["Name", "Added", "Last used", "Actions"]}
        empty="No passkey yet."
      >
        {passkeys.map((p) => (
          <PasskeyRow key={p.id} passkey={p} />
        ))}
      </DataTable>
      <div className="mt-6">
        <AddPasskey onAdded={() => revalidate()} />
      </div>
    </Panel>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyItem }) {
  const busy = useRecordBusy(passkey.id);
  return (
    <tr>
      <td className="px-4 py-3 font-medium">{passkey.name}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        <When at={passkey.createdAt} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        {passkey.lastUsedAt ? <When at={passkey.lastUsedAt} /> : "Never"}
      </td>
      <td className="px-4 py-3">
        <RowAction
          intent="remove-passkey"
          id={passkey.id}
          busy={busy}
          label={`Remove the passkey ${passkey.name}`}
        >
          Remove
        </RowAction>
      </td>
    </tr>
  );
}

export function SessionsPanel({ sessions }: { sessions: SessionItem[] }) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Panel
      id="sessions"
      title="Sessions"
      titleId="sessions-heading"
      description="Browsers and API clients signed in to your account. Sign out any you do not recognise, then change your password."
      actions={
        others > 0 && (
          <RowAction intent="end-others" label="Sign out everywhere else">
            Sign out everywhere else
          </RowAction>
        )
      }
    >
      <DataTable
        caption="Your sessions, the most recently used first"
        columns={["Browser", "Address", "Signed in", "Signed in with", "Last used", "Actions"]}
        count={countOf(sessions.length, "session")}
      >
        {sessions.map((s) => (
          <SessionRow key={s.id} session={s} />
        ))}
      </DataTable>
    </Panel>
  );
}

function SessionRow({ session }: { session: SessionItem }) {
  const busy = useRecordBusy(session.id);
  const browser = describeUserAgent(session.userAgent);
  const clock = useClock();
  return (
    <tr>
      <td className="px-4 py-3">
        {browser}
        {session.current && (
          <span className="ml-2">
            <Badge className={badgeStyle.success}>This browser</Badge>
          </span>
        )}
      </td>
      <td className="px-4 py-3">{session.ip || "-"}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        <When at={session.createdAt} />
      </td>
      <td className="px-4 py-3">{capitalised(factorWords(session.factors)) || "Not recorded"}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        <When at={session.lastSeenAt} />
      </td>
      <td className="px-4 py-3">
        <RowAction
          intent="end-session"
          id={session.id}
          busy={busy}
          label={
            session.current
              ? "Sign out this browser"
              : `Sign out ${browser}, last used ${clock.dateTime(session.lastSeenAt)}`
          }
        >
          Sign out
        </RowAction>
      </td>
    </tr>
  );
}
