import { Link } from "react-router";
import { adminMeta, panelClass, ScreenHeader } from "#app/components/admin/screen.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { displayName } from "#app/domain/auth/roles.ts";
import { mailHealth } from "#app/domain/mail/mail-log.server.ts";
import { MAIL_HEALTH_RULE, notificationsFailing } from "#app/domain/mail/mail-log.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = await requireAdmin(request, context);
  return { name: displayName(user), mail: await mailHealth(services.db) };
}

/** The admin sections, each a card that links to its screen. */
const sections: { title: string; text: string; to: string }[] = [
  { title: "Content Management", text: "Edit the homepage sections.", to: "/admin/homepage" },
  { title: "Hero Slider", text: "Add, order and hide the homepage slides.", to: "/admin/slides" },
  {
    title: "Image Gallery",
    text: "Upload images and set their alternative text.",
    to: "/admin/images",
  },
  {
    title: "Customer Management",
    text: "Work the leads from every form.",
    to: "/admin/customers",
  },
  {
    title: "Portfolio Projects",
    text: "Manage your portfolio projects here.",
    to: "/admin/portfolio",
  },
  {
    title: "Project Details",
    text: "The full story of each portfolio project.",
    to: "/admin/projects",
  },
  {
    title: "Users",
    text: "Staff, instructors and students, and their roles.",
    to: "/admin/users",
  },
  {
    title: "Courses",
    text: "Courses, prices, instructors and cohorts.",
    to: "/admin/courses",
  },
  {
    title: "Registrations",
    text: "Course registrations: confirm, record payments, cancel or move.",
    to: "/admin/registrations",
  },
  {
    title: "Invoices",
    text: "Invoices and credit notes: open, paid, overdue or void; totals and a CSV.",
    to: "/admin/invoices",
  },
  {
    title: "Consultations",
    text: "What visitors can book: meeting types, their length, notice and limits.",
    to: "/admin/consultations",
  },
  {
    title: "Content Blocks",
    text: "Reusable text and images of the site.",
    to: "/admin/content",
  },
  {
    title: "Scheduled Releases",
    text: "Drafts scheduled to go live together at a set time.",
    to: "/admin/releases",
  },
  {
    title: "Mail Log",
    text: "Every e-mail the site sent or is still sending.",
    to: "/admin/mail",
  },
  {
    title: "Audit Log",
    text: "Who signed in and who changed what, by person and kind.",
    to: "/admin/audit",
  },
  {
    title: "Settings",
    text: "Site name, contact details, social links and logo.",
    to: "/admin/settings",
  },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { name, mail } = loaderData;
  return (
    <>
      <ScreenHeader title="Admin Dashboard" description={`Signed in as ${name}.`} />
      {notificationsFailing(mail) && (
        <div
          role="alert"
          className="mt-6 flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <Icon name="triangle-exclamation-point" className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong>E-mail notifications are failing.</strong>{" "}
            {mail.failed > 0 &&
              `${mail.failed} ${mail.failed === 1 ? "message" : "messages"} failed in the last ${MAIL_HEALTH_RULE.failedWithinDays} days. `}
            {mail.retrying > 0 &&
              `${mail.retrying} ${mail.retrying === 1 ? "message is" : "messages are"} still retrying after more than ${MAIL_HEALTH_RULE.retryingForMinutes} minutes. `}
            <Link
              to={mail.failed > 0 ? "/admin/mail?status=failed" : "/admin/mail?status=pending"}
              className="font-semibold underline"
            >
              Open the mail log
            </Link>
          </p>
        </div>
      )}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {sections.map((s) => (
          <li key={s.title} className={`${panelClass} p-5`}>
            <h2 className="font-semibold text-slate-900 dark:text-white">
              <Link to={s.to} className="text-brand-700 underline dark:text-brand-300">
                {s.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{s.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
