import { Link, redirect, useSearchParams } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { AdminDialog } from "#app/components/admin/admin-dialog.tsx";
import { CourseForm, postedCourse } from "#app/components/admin/course-form.tsx";
import {
  AddLink,
  adminMeta,
  Badge,
  badgeStyle,
  EmptyState,
  FilterBar,
  Notice,
  noticeOf,
  panelClass,
  ScreenHeader,
} from "#app/components/admin/screen.tsx";
import { TextField } from "#app/components/ui/fields.tsx";
import { IconFact } from "#app/components/ui/icon-fact.tsx";
import { When } from "#app/components/ui/when.tsx";
import { draftedIds } from "#app/domain/history/item-state.server.ts";
import { validateCourse } from "#app/domain/training/course-admin.schema.ts";
import {
  type CourseCard,
  createCourse,
  listCoursesForStaff,
  listInstructors,
} from "#app/domain/training/courses-admin.server.ts";
import { type ActionFailure, fail, handleIntents, refused } from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";

import type { Route } from "./+types/courses";

export const meta: Route.MetaFunction = () => adminMeta("Course Management");

const PATH = "/admin/courses";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const [courses, instructors, drafted] = await Promise.all([
    listCoursesForStaff(services.db, q),
    listInstructors(services.db),
    draftedIds(services.db, "course"),
  ]);
  return { q, courses, instructors, drafted, deleted: url.searchParams.get("deleted") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return handleIntents(request, {
    create: async (form, intent) => {
      const values = postedCourse(form);
      const parsed = validateCourse(values);
      if (!parsed.ok) return refused(intent, parsed, values);
      const result = await createCourse(services.db, parsed.value, actor);
      if (!result.ok) {
        const { fieldErrors } = result;
        return fail(intent, result, { fieldErrors, values });
      }
      await services.invalidatePages();
      return redirect(`${PATH}/${result.value}?saved=created`);
    },
  });
}

export default function CoursesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { q, courses, instructors, drafted, deleted } = loaderData;
  const [searchParams] = useSearchParams();
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const listPath = addressWith(PATH, { q });
  const addPath = addressWith(PATH, { q }, { new: "1" });

  return (
    <>
      <ScreenHeader
        title="Course Management"
        description="The training catalogue, its instructors and cohorts. Changes to a course are kept as a draft until someone publishes them; new courses and cohorts are live as soon as they are saved."
        action={<AddLink to={addPath}>Add Course</AddLink>}
      />
      <Notice
        message={deleted ? `Course "${deleted}" deleted.` : undefined}
        error={noticeOf(failure ?? undefined, ["create"]).error}
      />

      <AdminDialog
        open={searchParams.get("new") === "1" || failure?.intent === "create"}
        title="Add Course"
        description="Title, description and instructor are required; cohorts are added on the course's page."
        closeTo={listPath}
      >
        <CourseForm
          action={addPath}
          intent="create"
          submit="Add Course"
          busy="Adding..."
          failure={failure}
          instructors={instructors}
          cancelTo={listPath}
        />
      </AdminDialog>

      <FilterBar
        action={PATH}
        label="Course search"
        columns="sm:grid-cols-[1fr_auto]"
        submit="Search"
      >
        <TextField
          label="Search courses by title or description"
          name="q"
          type="search"
          defaultValue={q}
        />
      </FilterBar>

      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {q
          ? `${courses.length} course${courses.length === 1 ? "" : "s"} match "${q}".`
          : `${courses.length} courses.`}
      </p>
      {courses.length === 0 ? (
        <EmptyState>
          {q ? "No course matches your search." : "No courses yet. Add the first one."}
        </EmptyState>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Courses">
          {courses.map((course) => (
            <CourseCardItem key={course.id} course={course} drafted={drafted.includes(course.id)} />
          ))}
        </ul>
      )}
    </>
  );
}

const STATUS_LABELS: Record<string, string> = { active: "Active", "coming-soon": "Coming soon" };

function CourseCardItem({ course, drafted }: { course: CourseCard; drafted: boolean }) {
  return (
    <li className={`${panelClass} flex flex-col p-5`}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        <Link
          to={`${PATH}/${course.id}`}
          className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          {course.title}
        </Link>
      </h2>
      <p className="mt-1 flex flex-wrap gap-2">
        <Badge className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {course.kind === "ai" ? "AI training" : "Certification"}
        </Badge>
        <Badge
          className={
            course.status === "active"
              ? "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200"
              : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          }
        >
          {STATUS_LABELS[course.status] ?? "Archived"}
        </Badge>
        {drafted && <Badge className={badgeStyle.warning}>Unpublished draft</Badge>}
      </p>
      <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-600 dark:text-slate-300">
        {course.description}
      </p>
      <dl className="mt-4 grid gap-1 text-sm text-slate-700 dark:text-slate-200">
        <IconFact icon="users" term="Students">
          {`${course.studentCount} student${course.studentCount === 1 ? "" : "s"}`}
        </IconFact>
        <IconFact icon="user-round" term="Instructor">
          {course.instructorName ?? "No instructor assigned"}
        </IconFact>
        <IconFact icon="book-open" term="Created">
          Created <When at={course.createdAt} kind="date" />
        </IconFact>
      </dl>
    </li>
  );
}
