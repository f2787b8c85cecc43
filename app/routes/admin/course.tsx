import { data, Link, redirect } from "react-router";
import { ConfirmDialog } from "#app/components/admin/admin-dialog.tsx";
import { adminButton, adminDangerLink } from "#app/components/admin/buttons.ts";
import { CohortForm, CohortTable } from "#app/components/admin/cohorts.tsx";
import { CourseForm, postedCourse } from "#app/components/admin/course-form.tsx";
import {
  adminMeta,
  Notice,
  noticeOf,
  Panel,
  RowLink,
  ScreenHeader,
} from "#app/components/admin/screen.tsx";
import { VersionStatus } from "#app/components/admin/version-status.tsx";
import { BackLink } from "#app/components/ui/back-link.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { When } from "#app/components/ui/when.tsx";
import { HISTORY_NOTICES } from "#app/domain/history/history.ts";
import { draftDataOf, itemState, saveEditorDraft } from "#app/domain/history/item-state.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import {
  cohortFromForm,
  courseFormValues,
  validateCohort,
  validateCourse,
} from "#app/domain/training/course-admin.schema.ts";
import { coursePath } from "#app/domain/training/course-detail.server.ts";
import {
  courseKind,
  createCohort,
  deleteCohort,
  deleteCourse,
  getCourseForStaff,
  listInstructors,
  updateCohort,
} from "#app/domain/training/courses-admin.server.ts";
import { registrationMailOf } from "#app/domain/training/registration-mail.server.ts";
import { cohortRegistrationCounts } from "#app/domain/training/registration-queries.server.ts";
import { offerOpenSeats } from "#app/domain/training/waitlist.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { failure, type Result } from "#app/platform/result.ts";
import {
  type ActionFailure,
  fail,
  handleIntents,
  postedId,
  refused,
} from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/course";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(`${loaderData?.course.title ?? "Course"} | Course Management`);

/** The `saved` parameter after a change, and what the page says about it. */
const SAVED: Record<string, string> = {
  created: "Course added. Add its cohorts below.",
  updated: "Draft saved. Visitors see the live version until you publish it.",
  // Cohorts are operational, not versioned (decision 0021): said here, beside a drafted form.
  "cohort-created": "Cohort added. It is live now: cohorts take effect at once, without a draft.",
  "cohort-updated": "Cohort saved. It is live now: cohorts take effect at once, without a draft.",
  "cohort-deleted":
    "Cohort deleted. It is gone from the public pages now: cohorts take effect at once, without a draft.",
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const id = parseId(params.id);
  const found = id ? await getCourseForStaff(services.db, id) : null;
  if (!found) throw data("Course not found", { status: 404 });
  const url = new URL(request.url);
  const history = url.searchParams.get("history");
  const key = String(id);
  const [state, draft] = await Promise.all([
    itemState(services.db, courseKind, key),
    draftDataOf(services.db, "course", key),
  ]);
  return {
    ...found,
    state,
    // The form shows the draft where there is one.
    formValues: courseFormValues(draft ? ({ ...found.course, ...draft } as never) : found.course),
    publicPath: found.course.status === "active" ? coursePath(found.course) : null,
    instructors: await listInstructors(services.db),
    registrationCounts: await cohortRegistrationCounts(services.db, found.course.id),
    today: dayIn(currentTime(services.env)),
    editCohort: parseId(url.searchParams.get("cohort") ?? undefined),
    confirmDelete: url.searchParams.get("delete") === "1",
    saved: SAVED[url.searchParams.get("saved") ?? ""] ?? HISTORY_NOTICES[history ?? ""] ?? null,
  };
}

const NO_COHORT = failure("not-found", "That cohort no longer exists.");

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const { db } = services;
  const id = parseId(params.id);
  if (!id) return fail("", "That course no longer exists.", 404);
  const path = `/admin/courses/${id}`;
  const today = dayIn(currentTime(services.env));
  /** The command's refusal, or the public pages refreshed and the page saying what changed. */
  const answer = async (
    intent: string,
    result: Result<number>,
    saved: string,
    values?: Record<string, unknown>,
  ) => {
    if (!result.ok) {
      const { fieldErrors } = result;
      return fail(intent, result, { fieldErrors, values });
    }
    await services.invalidatePages();
    return redirect(`${path}?saved=${saved}${intent === "update" ? "" : "#cohorts"}`);
  };
  const saveCohort = async (form: FormData, intent: string) => {
    const values = cohortFromForm(Object.fromEntries(form));
    const parsed = validateCohort(values);
    if (!parsed.ok) return refused(intent, parsed, values);
    if (intent === "add-cohort") {
      const result = await createCohort(db, id, parsed.value, today, actor);
      return answer(intent, result, "cohort-created", values);
    }
    const cohortId = postedId(form);
    const result = cohortId
      ? await updateCohort(db, id, cohortId, parsed.value, today, actor)
      : NO_COHORT;
    // More seats: the first people on its waitlist are offered them at once.
    if (result.ok && cohortId) {
      const now = currentTime(services.env);
      await offerOpenSeats(db, await registrationMailOf(services), now, cohortId);
    }
    return answer(intent, result, "cohort-updated", values);
  };

  return handleIntents(request, {
    // Save keeps a draft (decision 0021); the history line's Publish makes it live.
    update: async (form, intent) => {
      const values = postedCourse(form);
      const parsed = validateCourse(values);
      if (!parsed.ok) return refused(intent, parsed, values);
      const result = await saveEditorDraft(
        db,
        courseKind,
        id,
        parsed.value,
        actor,
        Object.fromEntries(form),
      );
      if (!result.ok) return fail(intent, result, { values });
      return redirect(`${path}?saved=updated`);
    },
    "add-cohort": saveCohort,
    "update-cohort": saveCohort,
    "delete-cohort": async (form, intent) => {
      const cohortId = postedId(form);
      const result = cohortId ? await deleteCohort(db, id, cohortId, actor) : NO_COHORT;
      return answer(intent, result, "cohort-deleted");
    },
    delete: async (form, intent) => {
      const result = await deleteCourse(db, id, actor);
      if (!result.ok) return fail(intent, result);
      await services.invalidatePages();
      const title = String(form.get("title") ?? "").slice(0, 200);
      return redirect(`/admin/courses?deleted=${encodeURIComponent(title || `course ${id}`)}`);
    },
  });
}

export default function CoursePage({ loaderData, actionData }: Route.ComponentProps) {
  const { course, studentCount, cohorts, instructors, today, publicPath, saved } = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const path = `/admin/courses/${course.id}`;
  const upcoming = cohorts.filter((c) => c.startDate >= today);
  // Newest first; on one date the schedules keep their order (Morning before Evening).
  const past = cohorts
    .filter((c) => c.startDate < today)
    .sort((a, b) => b.startDate.localeCompare(a.startDate));
  const editing = cohorts.find((c) => c.id === loaderData.editCohort);
  // The refusals the open forms show themselves; the others go to the status line.
  const formIntents = ["update", "add-cohort", ...(editing ? ["update-cohort"] : [])];

  return (
    <>
      <BackLink to="/admin/courses">All courses</BackLink>
      <ScreenHeader
        title={course.title}
        description={
          <>
            {studentCount} student{studentCount === 1 ? "" : "s"} registered · created{" "}
            <When at={course.createdAt} kind="date" />
          </>
        }
        action={
          publicPath && (
            <Link to={publicPath} className={adminButton}>
              <Icon name="external-link" className="size-4" />
              View public page
            </Link>
          )
        }
      />
      <Notice
        message={failure ? undefined : (saved ?? undefined)}
        error={noticeOf(failure ?? undefined, formIntents).error}
      />

      <Panel title="Course details" titleId="course-details" className="mt-6">
        {loaderData.state && <VersionStatus state={loaderData.state} returnTo={path} />}
        <div className="mt-4">
          <CourseForm
            action={path}
            intent="update"
            submit="Save Draft"
            busy="Saving draft..."
            failure={failure}
            defaults={loaderData.formValues}
            instructors={instructors}
            baseVersionId={loaderData.state?.live?.id ?? null}
          />
        </div>
      </Panel>

      <Panel
        title="Cohorts"
        titleId="cohorts"
        description="Each cohort is a start date with a class schedule. Seats are taken by registrations; the public calendar and the registration form offer the upcoming cohorts. Cohorts are not part of the course's draft: adding, changing or deleting one takes effect on the public pages at once."
        className="mt-8"
      >
        {editing && (
          <CohortForm
            key={editing.id}
            cohort={editing}
            schedules={course.scheduleOptions}
            today={today}
            failure={failure}
          />
        )}
        <CohortTable
          caption={`Upcoming cohorts (${upcoming.length})`}
          cohorts={upcoming}
          courseId={course.id}
          counts={loaderData.registrationCounts}
          action={path}
          empty="No upcoming cohorts. Add one below."
        />
        {past.length > 0 && (
          <details className="mt-6">
            <summary className="cursor-pointer font-medium text-slate-800 dark:text-slate-100">
              Past cohorts ({past.length})
            </summary>
            <CohortTable
              caption="Past cohorts"
              cohorts={past}
              courseId={course.id}
              counts={loaderData.registrationCounts}
              action={path}
            />
          </details>
        )}
        <CohortForm schedules={course.scheduleOptions} today={today} failure={failure} />
      </Panel>

      <Panel
        title="Delete course"
        titleId="delete-course"
        description="A course with registrations cannot be deleted; set its status to Archived instead."
        className="mt-8"
      >
        <RowLink to="?delete=1" icon="trash" className={`${adminDangerLink} mt-3`}>
          Delete course…
        </RowLink>
      </Panel>
      <ConfirmDialog
        open={loaderData.confirmDelete}
        title="Delete course"
        closeTo={path}
        fields={{ title: course.title }}
        confirm="Delete course"
      >
        <p>
          Are you sure you want to delete "{course.title}"? Its cohorts go too, and its public page
          disappears. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
