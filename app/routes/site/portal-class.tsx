// /portal/classes/:sessionId: one class's attendance (issue 46, decision 0024), made for a phone:
// each student is one row of four buttons (a tap posts the mark; without script the page answers
// with the new marks), and "Everyone present" marks all the students not marked yet. Its
// instructor and admins only: for anyone else the class does not exist.
import { data, Form, Link, useNavigation } from "react-router";
import { PostButton } from "#app/components/admin/confirm-button.tsx";
import { Notice } from "#app/components/admin/screen.tsx";
import { unlistedSeo } from "#app/components/seo.ts";
import { PortalPage } from "#app/components/training/portal-page.tsx";
import { classRoster, markAttendance } from "#app/domain/training/attendance.server.ts";
import { MARK_LABELS, MARKS } from "#app/domain/training/attendance.ts";
import { formatDayLong } from "#app/domain/training/training.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { requireTeacher, teacherOf } from "#app/web/attendance.server.ts";
import { done, fail, formValues, handleIntents } from "#app/web/form-action.server.ts";
import { noStore } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/portal-class";

export const meta: Route.MetaFunction = (args) =>
  unlistedSeo(args, [{ title: "Attendance | Training Portal" }]);

export const middleware = [noStore];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // An address that names no class is not found before anyone is asked to sign in.
  const id = parseId(params.sessionId);
  if (!id) throw data("Class not found", { status: 404 });
  const user = await requireTeacher(request, context);
  const { db, env } = context.get(appContext);
  const roster = await classRoster(db, user, id, currentTime(env));
  if (!roster.ok) throw data("Class not found", { status: 404 });
  return roster.value;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // Thrown, not returned: the page's loader would send a stranger to sign in (a redirect) after.
  const sessionId = parseId(params.sessionId);
  if (!sessionId) throw data("Class not found", { status: 404 });
  const user = await teacherOf(request, context);
  if (!user) throw data("Sign in as the class's instructor to take attendance.", { status: 403 });
  const services = context.get(appContext);
  return handleIntents(request, {
    mark: async (form, intent) => {
      const { student, mark } = formValues(form, ["student", "mark"]);
      const result = await markAttendance(
        services.db,
        { user, ip: services.clientIp },
        { sessionId, student: student === "everyone" ? "everyone" : (parseId(student) ?? 0), mark },
        currentTime(services.env),
      );
      return result.ok ? done(intent, result.value) : fail(intent, result);
    },
  });
}

export default function PortalClass({ loaderData, actionData }: Route.ComponentProps) {
  const { session, title, hours, students, locked, cohortId } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const unmarked = students.filter((s) => s.mark === null).length;
  return (
    <PortalPage title={`Attendance: ${title}`} narrow>
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
      <Notice
        message={actionData?.ok ? actionData.message : undefined}
        error={actionData && !actionData.ok ? actionData.error : undefined}
      />
      {locked ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {locked}
        </p>
      ) : (
        unmarked > 0 && (
          <div className="mt-6">
            <PostButton
              fields={{ intent: "mark", student: "everyone", mark: "present" }}
              className="btn-primary w-full sm:w-auto"
            >
              Everyone present ({unmarked} not marked yet)
            </PostButton>
          </div>
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
    </PortalPage>
  );
}
