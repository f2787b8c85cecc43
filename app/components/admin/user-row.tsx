// A row of the Users screen (app/routes/admin/users.tsx): who, badges, the role form, the
// row's actions.
import { Form } from "react-router";
import { When } from "#app/components/ui/when.tsx";
import { displayName } from "#app/domain/auth/roles.ts";
import { roleOptions } from "#app/domain/auth/users.schema.ts";
import type { consultsBy } from "#app/domain/consultations/consultations.ts";
import type { UserListItem } from "#app/domain/users/users-admin.server.ts";
import { useRecordBusy } from "./admin-form.tsx";
import { adminButton } from "./buttons.ts";
import { RowAction } from "./confirm-button.tsx";
import { Badge, badgeStyle, RowLink } from "./screen.tsx";

export function UserRow({
  user,
  isMe,
  action,
  deleteTo,
  resetTo,
  leaveTo,
}: {
  user: UserListItem & {
    consults: ReturnType<typeof consultsBy>;
    upcomingConsultations: number;
  };
  isMe: boolean;
  action: string;
  deleteTo: string;
  resetTo: string;
  /** Disabling someone with upcoming consultations asks first what becomes of them. */
  leaveTo: string;
}) {
  const name = displayName(user);
  const busy = useRecordBusy(user.id);
  return (
    <tr data-testid={`user-${user.email}`}>
      <td className="px-4 py-3">
        <p className="font-medium text-slate-900 dark:text-white">
          {name}
          {isMe && <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">(you)</span>}
        </p>
        <p className="text-slate-600 dark:text-slate-300">{user.email}</p>
        {user.disabled && <Badge className={badgeStyle.muted}>Disabled</Badge>}
        {user.invitation && (
          <Badge className={user.invitation === "pending" ? badgeStyle.info : badgeStyle.warning}>
            {user.invitation === "pending" ? "Invitation pending" : "Invitation expired"}
          </Badge>
        )}
        {user.twoFactor && <Badge className={badgeStyle.success}>Two-factor on</Badge>}
        {user.consults === "marked" && (
          <Badge className={badgeStyle.info}>Takes consultations</Badge>
        )}
        {user.upcomingConsultations > 0 && (
          <Badge className={badgeStyle.warning}>
            {user.upcomingConsultations === 1
              ? "1 upcoming consultation"
              : `${user.upcomingConsultations} upcoming consultations`}
          </Badge>
        )}
      </td>
      <td className="px-4 py-3">
        <Form method="post" action={action} preventScrollReset className="flex gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="id" value={user.id} />
          <label htmlFor={`role-${user.id}`} className="sr-only">
            Role of {name}
          </label>
          <select
            id={`role-${user.id}`}
            name="role"
            defaultValue={user.role}
            key={user.role}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
          >
            {roleOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className={adminButton}
            disabled={busy}
            aria-label={`Save role of ${name}`}
          >
            Save
          </button>
        </Form>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <When at={user.createdAt} kind="date" />
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-2">
          {!user.disabled && user.upcomingConsultations > 0 ? (
            <RowLink to={leaveTo} label={`Disable ${name}`} className={adminButton}>
              Disable
            </RowLink>
          ) : (
            <RowAction
              intent={user.disabled ? "enable" : "disable"}
              id={user.id}
              action={action}
              busy={busy}
              label={`${user.disabled ? "Enable" : "Disable"} ${name}`}
            >
              {user.disabled ? "Enable" : "Disable"}
            </RowAction>
          )}
          {!user.disabled && (
            <RowAction
              intent={user.invitation ? "invite" : "reset"}
              id={user.id}
              action={action}
              busy={busy}
              label={`${user.invitation ? "Resend invitation to" : "Send password reset to"} ${name}`}
            >
              {user.invitation ? "Resend invitation" : "Send password reset"}
            </RowAction>
          )}
          {(user.consults === "marked" || user.consults === "no") && (
            <RowAction
              intent={user.consults === "marked" ? "no-consults" : "consults"}
              id={user.id}
              action={action}
              busy={busy}
              label={`${user.consults === "marked" ? "Stop consultations" : "Allow consultations"} for ${name}`}
            >
              {user.consults === "marked" ? "Stop consultations" : "Allow consultations"}
            </RowAction>
          )}
          {user.twoFactor && (
            <RowLink to={resetTo} label={`Reset two-factor of ${name}`} className={adminButton}>
              Reset two-factor
            </RowLink>
          )}
          <RowLink to={deleteTo} icon="trash" label={`Delete ${name}`} className={adminButton}>
            Delete
          </RowLink>
        </div>
      </td>
    </tr>
  );
}
