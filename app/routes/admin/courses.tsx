import { data, Form, Link, redirect, useNavigate, useSearchParams } from "react-router";
import {
  adminButton,
  adminPrimary,
  CourseForm,
  type FormFailure,
} from "#app/components/admin/course-form.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { courseFromForm, validateCourse } from "#app/domain/training/course-admin.schema.ts";
import {
  createCourse,
  listCoursesForStaff,
  listInstructors,
} from "#app/domain/training/courses-admin.server.ts";
import type { Route } from "./+types/courses";

export const meta: Route.MetaFunction = () => [
  { title: "Course Management | Admin | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const [courses, instructors] = await Promise.all([
    listCoursesForStaff(services.db, q),
    listInstructors(services.db),
  ]);
  return { q, courses, instructors, deleted: url.searchParams.get("deleted") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return data({ ok: false as const, error: "The form could not be read." }, 400);
  if (form.get("intent") !== "create") {
    return data({ ok: false as const, error: "Unknown action." }, 400);
  }
  const values = courseFromForm(form);
  const parsed = validateCourse(values);
  const result = parsed.ok
    ? await createCourse(services.db, parsed.value, actor)
    : ({
        ok: false,
        status: 400,
        error: "Please correct the highlighted fields.",
        fieldErrors: parsed.errors,
      } as const);
  if (!result.ok) {
    const { status, ...failure } = result;
    return data({ ...failure, values }, status);
  }
  await services.invalidatePages();
  throw redirect(`/admin/courses/${result.id}?saved=created`);
}

export default function CoursesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { q, courses, instructors, deleted } = loaderData;
  const [searchParams] = useSearchParams();
  const adding = searchParams.get("new") === "1" || Boolean(actionData);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const failure = (actionData ?? null) as FormFailure | null;

  const form = adding ? (
    <CourseForm
      action="/admin/courses?new=1"
      intent="create"
      submitLabel="Add Course"
      busyLabel="Adding..."
      values={failure?.values}
      failure={failure}
      instructors={instructors}
      cancel={
        <Link to="/admin/courses" className={adminButton} preventScrollReset>
          Cancel
        </Link>
      }
    />
  ) : null;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            Course Management
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            The training catalogue, its instructors and cohorts. Changes show on the public pages at
            once.
          </p>
        </div>
        <Link to="?new=1" className={adminPrimary} preventScrollReset>
          <Icon name="plus" className="size-4" aria-hidden="true" />
          Add Course
        </Link>
      </div>

      {deleted && (
        <p
          role="status"
          className="mt-4 rounded-lg bg-green-50 p-3 text-green-800 dark:bg-green-950 dark:text-green-200"
        >
          Course "{deleted}" deleted.
        </p>
      )}

      {!hydrated && form && (
        <section
          aria-labelledby="add-course"
          className="mt-6 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="add-course" className="mb-4 text-2xl font-bold text-slate-900 dark:text-white">
            Add Course
          </h2>
          {form}
        </section>
      )}
      {hydrated && (
        <Modal
          open={adding}
          onClose={() => navigate("/admin/courses", { preventScrollReset: true })}
          title="Add Course"
          description="Title, description and instructor are required; cohorts are added on the course's page."
        >
          {form}
        </Modal>
      )}

      <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="course-search" className="sr-only">
          Search courses by title or description
        </label>
        <input
          id="course-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search courses..."
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
        />
        <button type="submit" className={adminButton}>
          <Icon name="search" className="size-4" aria-hidden="true" />
          Search
        </button>
      </Form>

      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {q
          ? `${courses.length} course${courses.length === 1 ? "" : "s"} match "${q}".`
          : `${courses.length} courses.`}
      </p>
      {courses.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {q ? "No course matches your search." : "No courses yet. Add the first one."}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Courses">
          {courses.map((course) => (
            <li
              key={course.id}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
                <Link
                  to={`/admin/courses/${course.id}`}
                  className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                >
                  {course.title}
                </Link>
              </h2>
              <p className="mt-1 flex flex-wrap gap-2 text-xs font-medium">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  {course.kind === "ai" ? "AI training" : "Certification"}
                </span>
                <span
                  className={`rounded-full px-2 py-0.5 ${course.status === "active" ? "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200" : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"}`}
                >
                  {course.status === "active"
                    ? "Active"
                    : course.status === "coming-soon"
                      ? "Coming soon"
                      : "Archived"}
                </span>
              </p>
              <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-600 dark:text-slate-300">
                {course.description}
              </p>
              <dl className="mt-4 grid gap-1 text-sm text-slate-700 dark:text-slate-200">
                <div className="flex items-center gap-2">
                  <Icon name="users" className="size-4 shrink-0" aria-hidden="true" />
                  <dt className="sr-only">Students</dt>
                  <dd>
                    {course.studentCount} student{course.studentCount === 1 ? "" : "s"}
                  </dd>
                </div>
                <div className="flex items-center gap-2">
                  <Icon name="user-round" className="size-4 shrink-0" aria-hidden="true" />
                  <dt className="sr-only">Instructor</dt>
                  <dd>{course.instructorName ?? "No instructor assigned"}</dd>
                </div>
                <div className="flex items-center gap-2">
                  <Icon name="book-open" className="size-4 shrink-0" aria-hidden="true" />
                  <dt className="sr-only">Created</dt>
                  <dd>
                    Created{" "}
                    <time dateTime={course.createdAt}>
                      {new Date(course.createdAt).toLocaleDateString("en-US", {
                        year: "numeric",
                        month: "short",
                        day: "numeric",
                        timeZone: "UTC",
                      })}
                    </time>
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
