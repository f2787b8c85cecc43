import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import {
  adminButton,
  adminDanger,
  adminPrimary,
  CourseForm,
  type FormFailure,
} from "#app/components/admin/course-form.tsx";
import { FormAlert, SelectField, TextField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { ScrollRegion } from "#app/components/ui/scroll-region.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import {
  COHORT_CAPACITY_MAX,
  cohortFromForm,
  courseFormValues,
  courseFromForm,
  type FieldErrors,
  validateCohort,
  validateCourse,
} from "#app/domain/training/course-admin.schema.ts";
import { coursePath } from "#app/domain/training/course-pages.server.ts";
import {
  type CommandResult,
  createCohort,
  deleteCohort,
  deleteCourse,
  getCourseForStaff,
  listInstructors,
  type StaffCohort,
  updateCohort,
  updateCourse,
} from "#app/domain/training/courses-admin.server.ts";
import { CLASS_SCHEDULES, dayIn, formatDay, labelOf } from "#app/domain/training/training.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { parseId } from "#app/platform/http.server.ts";
import type { Route } from "./+types/course";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.course.title ?? "Course"} | Course Management | Admin | Sigma Technology Partners`,
  },
  { name: "robots", content: "noindex" },
];

const SAVED: Record<string, string> = {
  created: "Course added. Add its cohorts below.",
  updated: "Course saved. The public pages show the change.",
  "cohort-created": "Cohort added.",
  "cohort-updated": "Cohort saved.",
  "cohort-deleted": "Cohort deleted.",
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  const found = id ? await getCourseForStaff(services.db, id) : null;
  if (!found) throw data("Course not found", { status: 404 });
  const url = new URL(request.url);
  const today = dayIn(currentTime(services.env));
  const saved = url.searchParams.get("saved") ?? "";
  return {
    ...found,
    publicPath: found.course.status === "active" ? coursePath(found.course) : null,
    instructors: await listInstructors(services.db),
    today,
    editCohort: parseId(url.searchParams.get("cohort") ?? undefined),
    confirmDelete: url.searchParams.get("delete") === "1",
    saved: SAVED[saved] ?? null,
  };
}

type Intent = "update" | "delete" | "add-cohort" | "update-cohort" | "delete-cohort";
const INTENTS: Intent[] = ["update", "delete", "add-cohort", "update-cohort", "delete-cohort"];

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  const form = await request.formData().catch(() => null);
  if (!form) return data({ ok: false as const, error: "The form could not be read." }, 400);
  const intent = form.get("intent") as Intent;
  if (!INTENTS.includes(intent)) return data({ ok: false as const, error: "Unknown action." }, 400);
  const db = services.db;
  const today = dayIn(currentTime(services.env));
  const cohortId = parseId(String(form.get("cohortId") ?? ""));
  if (!id) return data({ ok: false as const, intent, error: "That course no longer exists." }, 404);

  let result: CommandResult;
  let values: Record<string, unknown> | undefined;
  switch (intent) {
    case "update": {
      values = courseFromForm(form);
      const parsed = validateCourse(values);
      result = parsed.ok
        ? await updateCourse(db, id, parsed.value, actor, today)
        : invalid(parsed.errors);
      break;
    }
    case "delete":
      result = await deleteCourse(db, id, actor);
      break;
    case "add-cohort":
    case "update-cohort": {
      values = cohortFromForm(form);
      const parsed = validateCohort(values);
      if (!parsed.ok) result = invalid(parsed.errors);
      else if (intent === "add-cohort") {
        result = await createCohort(db, id, parsed.value, today, actor);
      } else {
        result = cohortId
          ? await updateCohort(db, id, cohortId, parsed.value, today, actor)
          : { ok: false, status: 404, error: "That cohort no longer exists." };
      }
      break;
    }
    case "delete-cohort":
      result = cohortId
        ? await deleteCohort(db, id, cohortId, actor)
        : { ok: false, status: 404, error: "That cohort no longer exists." };
      break;
  }
  if (!result.ok) {
    const { status, ...failure } = result;
    return data({ ...failure, intent, cohortId, values }, status);
  }
  await services.invalidatePages();
  if (intent === "delete") {
    const title = String(form.get("title") ?? "").slice(0, 200);
    throw redirect(`/admin/courses?deleted=${encodeURIComponent(title || `course ${id}`)}`);
  }
  const saved = {
    update: "updated",
    "add-cohort": "cohort-created",
    "update-cohort": "cohort-updated",
    "delete-cohort": "cohort-deleted",
  }[intent];
  throw redirect(`/admin/courses/${id}?saved=${saved}${intent === "update" ? "" : "#cohorts"}`);
}

function invalid(fieldErrors: FieldErrors): CommandResult {
  return { ok: false, status: 400, error: "Please correct the highlighted fields.", fieldErrors };
}

type ActionFailure = FormFailure & { intent?: Intent; cohortId?: number | null };

export default function CoursePage({ loaderData, actionData }: Route.ComponentProps) {
  const { course, studentCount, cohorts, instructors, today, publicPath, saved } = loaderData;
  const failure = (actionData ?? null) as ActionFailure | null;
  const failed = (intent: Intent, cohortId?: number) =>
    failure &&
    failure.intent === intent &&
    (cohortId === undefined || failure.cohortId === cohortId)
      ? failure
      : null;
  const upcoming = cohorts.filter((c) => c.startDate >= today);
  const past = cohorts.filter((c) => c.startDate < today);
  const editing = cohorts.find((c) => c.id === loaderData.editCohort) ?? null;
  const otherFailure =
    failure &&
    (!failure.intent || failure.intent === "delete" || failure.intent === "delete-cohort")
      ? failure
      : null;

  return (
    <>
      <Link
        to="/admin/courses"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline dark:text-brand-300"
      >
        <Icon name="arrow-left" className="size-4" aria-hidden="true" />
        All courses
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900 dark:text-white">
            {course.title}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            {studentCount} student{studentCount === 1 ? "" : "s"} registered · created{" "}
            <time dateTime={course.createdAt}>{formatDay(course.createdAt.slice(0, 10))}</time>
          </p>
        </div>
        {publicPath && (
          <Link to={publicPath} className={adminButton}>
            <Icon name="external-link" className="size-4" aria-hidden="true" />
            View public page
          </Link>
        )}
      </div>

      {saved && !failure && (
        <p
          role="status"
          className="mt-4 rounded-lg bg-green-50 p-3 text-green-800 dark:bg-green-950 dark:text-green-200"
        >
          {saved}
        </p>
      )}
      {otherFailure && (
        <div className="mt-4">
          <FormAlert kind="error">{otherFailure.error}</FormAlert>
        </div>
      )}

      <section
        aria-labelledby="course-details"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2
          id="course-details"
          className="mb-4 text-xl font-semibold text-slate-900 dark:text-white"
        >
          Course details
        </h2>
        <CourseForm
          action={`/admin/courses/${course.id}`}
          intent="update"
          submitLabel="Save Course"
          busyLabel="Saving..."
          values={failed("update")?.values ?? courseFormValues(course)}
          failure={failed("update")}
          instructors={instructors}
        />
      </section>

      <section
        id="cohorts"
        aria-labelledby="cohorts-heading"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="cohorts-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Cohorts
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Each cohort is a start date with a class schedule. Seats are taken by registrations; the
          public calendar and the registration form offer the upcoming cohorts.
        </p>
        {editing && (
          <CohortForm
            key={editing.id}
            title={`Edit the ${formatDay(editing.startDate)} cohort`}
            intent="update-cohort"
            cohort={editing}
            schedules={course.scheduleOptions}
            today={today}
            failure={failed("update-cohort", editing.id)}
          />
        )}
        <CohortTable
          caption={`Upcoming cohorts (${upcoming.length})`}
          cohorts={upcoming}
          courseId={course.id}
        />
        {past.length > 0 && (
          <details className="mt-6">
            <summary className="cursor-pointer font-medium text-slate-800 dark:text-slate-100">
              Past cohorts ({past.length})
            </summary>
            <CohortTable caption="Past cohorts" cohorts={past} courseId={course.id} />
          </details>
        )}
        <CohortForm
          title="Add Cohort"
          intent="add-cohort"
          schedules={course.scheduleOptions}
          today={today}
          failure={failed("add-cohort")}
        />
      </section>

      <section
        aria-labelledby="delete-course"
        className="mt-8 rounded-xl border border-red-200 bg-white p-4 sm:p-6 dark:border-red-900 dark:bg-slate-900"
      >
        <h2 id="delete-course" className="text-xl font-semibold text-slate-900 dark:text-white">
          Delete course
        </h2>
        {loaderData.confirmDelete ? (
          <ConfirmDelete id={course.id} title={course.title} />
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              A course with registrations cannot be deleted; set its status to Archived instead.
            </p>
            <Link
              to="?delete=1"
              preventScrollReset
              className={`${adminButton} mt-3 text-red-700 dark:text-red-300`}
            >
              <Icon name="trash" className="size-4" aria-hidden="true" />
              Delete course…
            </Link>
          </>
        )}
      </section>
    </>
  );
}

function CohortTable({
  caption,
  cohorts,
  courseId,
}: {
  caption: string;
  cohorts: StaffCohort[];
  courseId: number;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (cohorts.length === 0) {
    return <p className="mt-4 text-slate-600 dark:text-slate-300">{caption}: none.</p>;
  }
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-medium text-slate-800 dark:text-slate-100">
          {caption}
        </caption>
        <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className="px-3 py-2">
              Start date
            </th>
            <th scope="col" className="px-3 py-2">
              Schedule
            </th>
            <th scope="col" className="px-3 py-2">
              Capacity
            </th>
            <th scope="col" className="px-3 py-2">
              Seats taken
            </th>
            <th scope="col" className="px-3 py-2">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-100">
          {cohorts.map((c) => {
            const name = `${formatDay(c.startDate)} ${labelOf(CLASS_SCHEDULES, c.classSchedule).split(" (")[0]}`;
            return (
              <tr key={c.id} data-testid={`cohort-${c.id}`}>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={c.startDate}>{formatDay(c.startDate)}</time>
                </td>
                <td className="px-3 py-2">{labelOf(CLASS_SCHEDULES, c.classSchedule)}</td>
                <td className="px-3 py-2">{c.capacity}</td>
                <td className="px-3 py-2">{c.seatsTaken}</td>
                <td className="px-3 py-2">
                  <div className="flex gap-2">
                    <Link
                      to={`?cohort=${c.id}#cohort-editor`}
                      preventScrollReset
                      className={adminButton}
                      aria-label={`Edit cohort ${name}`}
                    >
                      <Icon name="pencil" className="size-4" aria-hidden="true" />
                      Edit
                    </Link>
                    <Form
                      method="post"
                      action={`/admin/courses/${courseId}`}
                      preventScrollReset
                      onSubmit={(e) => {
                        if (!window.confirm(`Delete the cohort ${name}?`)) e.preventDefault();
                      }}
                    >
                      <input type="hidden" name="intent" value="delete-cohort" />
                      <input type="hidden" name="cohortId" value={c.id} />
                      <button
                        type="submit"
                        className={adminButton}
                        disabled={busy}
                        aria-label={`Delete cohort ${name}`}
                      >
                        <Icon name="trash" className="size-4" aria-hidden="true" />
                        Delete
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function CohortForm({
  title,
  intent,
  cohort,
  schedules,
  today,
  failure,
}: {
  title: string;
  intent: "add-cohort" | "update-cohort";
  cohort?: StaffCohort;
  schedules: string[];
  today: string;
  failure: ActionFailure | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errors = failure?.fieldErrors ?? {};
  const values = failure?.values as Record<string, string | undefined> | undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = intent === "add-cohort" ? "cohort-adder" : "cohort-editor";
  useEffect(() => {
    if (intent === "update-cohort") headingRef.current?.focus();
  }, [intent]);
  return (
    <div id={id} className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 dark:text-white"
      >
        {title}
      </h3>
      {cohort && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {cohort.seatsTaken} of {cohort.capacity} seats taken. Capacity cannot go below the seats
          taken.
        </p>
      )}
      <Form
        method="post"
        noValidate
        preventScrollReset
        aria-label={title}
        className="mt-3 grid gap-4 sm:grid-cols-3"
      >
        <input type="hidden" name="intent" value={intent} />
        {cohort && <input type="hidden" name="cohortId" value={cohort.id} />}
        {failure && (
          <div className="sm:col-span-3">
            <FormAlert kind="error">{failure.error}</FormAlert>
          </div>
        )}
        <TextField
          label="Start date"
          name="startDate"
          type="date"
          required
          hint={`Today or later (${formatDay(today)}).`}
          defaultValue={values?.startDate ?? cohort?.startDate ?? ""}
          error={errors.startDate}
        />
        <SelectField
          label="Class schedule"
          name="classSchedule"
          required
          placeholder="Choose a schedule"
          options={CLASS_SCHEDULES.filter(
            (s) => schedules.includes(s.value) || s.value === cohort?.classSchedule,
          )}
          defaultValue={values?.classSchedule ?? cohort?.classSchedule ?? ""}
          error={errors.classSchedule}
        />
        <TextField
          label="Capacity"
          name="capacity"
          type="number"
          required
          hint={`Seats, 1 to ${COHORT_CAPACITY_MAX}.`}
          defaultValue={values?.capacity ?? String(cohort?.capacity ?? 16)}
          error={errors.capacity}
        />
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-3">
          {cohort && (
            <Link to="?" preventScrollReset className={adminButton}>
              Cancel
            </Link>
          )}
          <button type="submit" className={adminPrimary} disabled={busy}>
            {busy ? "Saving..." : cohort ? "Save Cohort" : "Add Cohort"}
          </button>
        </div>
      </Form>
    </div>
  );
}

function ConfirmDelete({ id, title }: { id: number; title: string }) {
  const navigation = useNavigation();
  const deleting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="mt-3 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950">
      <p ref={ref} tabIndex={-1} className="font-semibold text-red-900 dark:text-red-100">
        Are you sure you want to delete "{title}"? Its cohorts go too, and its public page
        disappears. This cannot be undone.
      </p>
      <Form method="post" action={`/admin/courses/${id}`} className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="title" value={title} />
        <button type="submit" className={adminDanger} disabled={deleting}>
          {deleting ? "Deleting..." : "Delete course"}
        </button>
        <Link to="?" preventScrollReset className={adminButton}>
          Cancel
        </Link>
      </Form>
    </div>
  );
}
