import { useLoaderData } from "react-router";
import { type AuditAction, listAudit } from "#app/domain/auth/audit.server.ts";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [
  { title: "Audit Log | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { entries: await listAudit(context.get(appContext).db, 200) };
}

const actionLabels: Record<AuditAction, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_in_rate_limited: "Sign-in rate-limited",
  lockout: "Account locked",
  sign_out: "Signed out",
  user_created: "User created",
  password_reset: "Password reset",
  user_disabled: "User disabled",
  user_enabled: "User enabled",
  homepage_section_updated: "Homepage section updated",
  settings_updated: "Settings updated",
  staff_settings_updated: "Staff settings updated",
  image_uploaded: "Image uploaded",
  image_updated: "Image updated",
  image_deleted: "Image deleted",
  slide_created: "Slide created",
  slide_updated: "Slide updated",
  slide_deleted: "Slide deleted",
  slides_reordered: "Slides reordered",
  project_created: "Project created",
  project_updated: "Project updated",
  project_deleted: "Project deleted",
  project_moved: "Project moved",
  lead_status_changed: "Lead status changed",
  lead_note_added: "Lead note added",
  lead_assigned: "Lead assigned",
  lead_deleted: "Lead deleted",
  course_created: "Course created",
  course_updated: "Course updated",
  course_deleted: "Course deleted",
  cohort_created: "Cohort added",
  cohort_updated: "Cohort updated",
  cohort_deleted: "Cohort deleted",
  user_role_changed: "User role changed",
  user_deleted: "User deleted",
  content_block_created: "Content block created",
  content_block_updated: "Content block updated",
  content_block_deleted: "Content block deleted",
  mail_resent: "E-mail resent",
  sales_customer_created: "Sales customer added",
  sales_customer_updated: "Sales customer updated",
  sales_customer_deleted: "Sales customer deleted",
  sales_target_set: "Sales target set",
};

export default function AuditLog() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Audit Log
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        The latest {entries.length} entries: sign-ins, failures, lockouts, sign-outs and staff
        changes.
      </p>
      <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Audit log entries, newest first</caption>
          <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              <th scope="col" className="px-4 py-2">
                When
              </th>
              <th scope="col" className="px-4 py-2">
                Who
              </th>
              <th scope="col" className="px-4 py-2">
                What
              </th>
              <th scope="col" className="px-4 py-2">
                Details
              </th>
              <th scope="col" className="px-4 py-2">
                From
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-100">
            {entries.map((e) => (
              <tr key={e.id}>
                <td className="px-4 py-2 whitespace-nowrap">
                  <time dateTime={e.at}>{e.at.replace("T", " ").slice(0, 19)} UTC</time>
                </td>
                <td className="px-4 py-2">{e.actor || "-"}</td>
                <td className="px-4 py-2">{actionLabels[e.action as AuditAction] ?? e.action}</td>
                <td className="px-4 py-2">
                  {[e.target, ...Object.entries(e.details).map(([k, v]) => `${k}: ${String(v)}`)]
                    .filter(Boolean)
                    .join(", ")}
                </td>
                <td className="px-4 py-2">{e.ip}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
