// /portal/classes/:sessionId: one class's attendance (issue 46, decision 0024), made for a phone:
// each student is one row of four buttons (a tap posts the mark; without script the page answers
// with the new marks), and "Everyone present" marks all the students not marked yet. Its
// instructor and admins only: for anyone else the class does not exist.
import { data, Form, Link, useNavigation } from "react-router";
import { unlistedSeo } from "#app/components/seo.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { classRoster, markAttendance } from "#app/domain/training/attendance.server.ts";
import { MARK_LABELS, MARKS } from "#app/domain/training/attendance.ts";
import { formatDayLong } from "#app/domain/training/training.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { fail, formValues, handleIntents } from "#app/web/form-action.server.ts";
import { noStore, requireUser } from "#app/web/guard.server.ts";
import { parseId, statusOf } from "#app/web/http.server.ts";
import type { Route } from "./+types/portal-class";

export const meta: Route.MetaFunction = (args) =>
  unlistedSeo(args, [{ title: "Attendance | Training Portal" }]);

export const middleware = [noStore];

const TEACHERS = { roles: ["instructor", "admin"], signInPath: "/portal" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context, TEACHERS);
  const { db, env } = context.get(appContext);
  const id = parseId(params.sessionId);
  const roster = id ? await classRoster(db, user, id, currentTime(env)) : null;
  if (!roster?.ok) throw data("Class not found", { status: 404 });
  return roster.value;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context, TEACHERS);
  const services = context.get(appContext);
  const sessionId = parseId(params.sessionId);
  if (!sessionId) return fail("", "That class is not one of yours.", 404);
  return handleIntents(request, {
    mark: async (form, intent) => {
      const { student, mark } = formValues(form, ["student", "mark"]);
      const result = await markAttendance(
        services.db,
        { user, ip: services.clientIp },
        { sessionId, student: student === "everyone" ? "everyone" : (parseId(student) ?? 0), mark },
        currentTime(services.env),
      );
      if (!result.ok)
        return data(
          { ok: false as const, intent, error: result.error },
          { status: statusOf(result.reason) },
        );
      return { ok: true as const, intent, message: result.value };
    },
  });
}

export default function PortalClass({ loaderData, actionData }: Route.ComponentProps) {
  const { session, title, hours, students, locked, cohortId } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const unmarked = students.filter((s) => s.mark === null).length;
  return (
    <main id="main" className="bg-slate-50 py-10 sm:py-16 dark:bg-slate-900/60">
      <div className="container-page max-w-2xl">
        <Link
          to="/portal"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline dark:text-brand-300"
        >
          <Icon name="arrow-left" className="size-4" />
          Training Portal
        </Link>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          Attendance: {title}
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {formatDayLong(session.day)}, {hours}
          {session.location ? ` · ${session.location}` : ""}
        </p>
        <p className="mt-1 text-sm">
          <Link
            to={`/portal/cohorts/${cohortId}/attendance`}
            className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
          >
            The cohort's attendance
          </Link>
        </p>
        <p role="status" className="mt-4 empty:hidden">
          {actionData?.ok && (
            <span className="block rounded-lg bg-green-50 p-3 text-green-800 dark:bg-green-950 dark:text-green-200">
              {actionData.message}
            </span>
          )}
        </p>
        {actionData && !actionData.ok && (
          <p
            role="alert"
            className="mt-4 rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {actionData.error}
          </p>
        )}
        {locked ? (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {locked}
          </p>
        ) : (
          unmarked > 0 && (
            <Form method="post" className="mt-6">
              <input type="hidden" name="intent" value="mark" />
              <input type="hidden" name="student" value="everyone" />
              <button
                type="submit"
                name="mark"
                value="present"
                className="btn-primary w-full sm:w-auto"
                disabled={busy}
              >
                Everyone present ({unmarked} not marked yet)
              </button>
            </Form>
          )
        )}
        {students.length === 0 ? (
          <p className="mt-6 text-slate-700 dark:text-slate-300">
            No student holds a seat in this class.
          </p>
        ) : (
          <ul
            aria-label="Students"
            className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          >
            {students.map((s) => (
              <li key={s.registrationId} className="p-4">
                <p className="font-semibold text-slate-900 dark:text-white">{s.name}</p>
                <Form
                  method="post"
                  className="mt-2 grid grid-cols-4 gap-2"
                  aria-label={`Attendance of ${s.name}`}
                >
                  <input type="hidden" name="intent" value="mark" />
                  <input type="hidden" name="student" value={s.registrationId} />
                  {MARKS.map((mark) => (
                    <button
                      key={mark}
                      type="submit"
                      name="mark"
                      value={mark}
                      aria-pressed={s.mark === mark}
                      disabled={Boolean(locked) || busy}
                      className="min-h-11 rounded-lg border border-slate-300 px-1 text-sm font-medium text-slate-800 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:aria-pressed:border-brand-300 dark:aria-pressed:bg-brand-300 dark:aria-pressed:text-slate-950"
                    >
                      {MARK_LABELS[mark]}
                    </button>
                  ))}
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
