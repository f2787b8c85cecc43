// /admin/courses/:id/cohorts/:cohortId: a cohort's classes and materials (issue 46, decision
// 0024). Staff move a class (day, hours, place), cancel one or add a make-up class; every student
// with a seat is e-mailed that class's invitation in the same transaction. Materials (a file or a
// link, released at a set time) are added through the page's one multipart form.
import { data, Link } from "react-router";
import { MaterialForm, MaterialTable } from "#app/components/admin/class-materials.tsx";
import { SessionForm, SessionTable } from "#app/components/admin/class-sessions.tsx";
import { CompletionPanel } from "#app/components/admin/completion.tsx";
import { adminMeta, Notice, noticeOf, Panel, ScreenHeader } from "#app/components/admin/screen.tsx";
import { BackLink } from "#app/components/ui/back-link.tsx";
import { dayIn, formatDay } from "#app/domain/settings/clock.ts";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { formatAddress } from "#app/domain/settings/settings.ts";
import { issueCertificate, revokeCertificate } from "#app/domain/training/certificates.server.ts";
import {
  addSession,
  cancelSession,
  moveSession,
  SESSION_TEXTS,
} from "#app/domain/training/class-session-changes.server.ts";
import { cohortSessions } from "#app/domain/training/class-sessions.server.ts";
import type { SessionChange } from "#app/domain/training/class-sessions.ts";
import { cohortCompletion } from "#app/domain/training/completion.server.ts";
import { COMPLETION_TEXTS } from "#app/domain/training/completion.ts";
import { getCourseForStaff } from "#app/domain/training/courses-admin.server.ts";
import {
  cohortMaterials,
  MATERIAL_TEXTS,
  removeMaterial,
} from "#app/domain/training/materials.server.ts";
import { registrationMailOf } from "#app/domain/training/registration-mail.server.ts";
import { CLASS_SCHEDULES, labelOf } from "#app/domain/training/training.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { failure } from "#app/platform/result.ts";
import {
  type ActionFailure,
  done,
  fail,
  formValues,
  handleIntents,
  postedId,
  refused,
} from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import { receiveMaterial } from "#app/web/material-upload.server.ts";
import type { Route } from "./+types/cohort-classes";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Classes of ${loaderData.title}` : "Classes");

/** The course and its cohort the address names, or a 404. */
async function cohortOf(
  db: Parameters<typeof getCourseForStaff>[0],
  params: Route.LoaderArgs["params"],
) {
  const courseId = parseId(params.id);
  const cohortId = parseId(params.cohortId);
  const found = courseId ? await getCourseForStaff(db, courseId) : null;
  const cohort = found?.cohorts.find((c) => c.id === cohortId);
  if (!found || !cohort) throw data("Cohort not found", { status: 404 });
  return { course: found.course, cohort };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const { course, cohort } = await cohortOf(services.db, params);
  const url = new URL(request.url);
  const now = currentTime(services.env);
  const completion = await cohortCompletion(services.db, cohort.id, now);
  if (!completion) throw data("Cohort not found", { status: 404 });
  return {
    course: { id: course.id, title: course.title },
    cohortId: cohort.id,
    title: `${course.title}, ${formatDay(cohort.startDate)}`,
    schedule: labelOf(CLASS_SCHEDULES, cohort.classSchedule),
    sessions: await cohortSessions(services.db, cohort.id),
    materials: await cohortMaterials(services.db, cohort.id),
    completion,
    now: now.toISOString(),
    address: formatAddress((await getSiteSettings(services.db)).address),
    today: dayIn(now),
    editSession: parseId(url.searchParams.get("session") ?? undefined),
  };
}

const FIELDS = ["day", "start", "end", "location"] as const;
const NO_SESSION = failure("not-found", SESSION_TEXTS.notFound);

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const { course, cohort } = await cohortOf(services.db, params);
  const now = currentTime(services.env);
  const today = dayIn(now);
  const change = async () => ({ db: services.db, mail: await registrationMailOf(services) });
  const ids = { courseId: course.id, cohortId: cohort.id };
  const posted = (form: FormData): SessionChange => {
    const values = formValues(form, FIELDS);
    return { ...values, location: values.location.trim() };
  };
  // A material's form is the only multipart one (its file is streamed into storage): read apart.
  if (/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) {
    const { result, values } = await receiveMaterial(request, services, actor, ids);
    if (!result.ok) return refused("add-material", result, values);
    return done("add-material", "Material added: students with a seat see it from its release.");
  }
  return handleIntents(request, {
    "issue-certificate": async (form, intent) => {
      const registrationId = postedId(form);
      const values = formValues(form, ["id", "name"]);
      const result = registrationId
        ? await issueCertificate(
            { ...(await change()), storage: services.storage },
            actor,
            { registrationId, cohortId: cohort.id, name: values.name },
            now,
            today,
          )
        : failure("not-found", COMPLETION_TEXTS.notFound);
      return result.ok ? done(intent, result.value) : refused(intent, result, values);
    },
    "revoke-certificate": async (form, intent) => {
      const values = formValues(form, ["id", "reason"]);
      const result = await revokeCertificate(
        services.db,
        actor,
        { ...values, cohortId: cohort.id },
        now,
      );
      return result.ok ? done(intent, result.value) : refused(intent, result, values);
    },
    "remove-material": async (form, intent) => {
      const materialId = postedId(form);
      const result = materialId
        ? await removeMaterial(services.db, actor, { ...ids, materialId })
        : failure("not-found", MATERIAL_TEXTS.notFound);
      if (!result.ok) return fail(intent, result);
      if (result.value) await services.storage.delete(result.value);
      return done(intent, "Material removed.");
    },
    "move-session": async (form, intent) => {
      const sessionId = postedId(form);
      const values = posted(form);
      const result = sessionId
        ? await moveSession(await change(), actor, { ...ids, sessionId }, values, today, now)
        : NO_SESSION;
      return result.ok ? done(intent, result.value) : refused(intent, result, { ...values });
    },
    "add-session": async (form, intent) => {
      const values = posted(form);
      const result = await addSession(await change(), actor, ids, values, today, now);
      return result.ok ? done(intent, result.value) : refused(intent, result, { ...values });
    },
    "cancel-session": async (form, intent) => {
      const sessionId = postedId(form);
      const result = sessionId
        ? await cancelSession(await change(), actor, { ...ids, sessionId }, today, now)
        : NO_SESSION;
      return result.ok ? done(intent, result.value) : fail(intent, result);
    },
  });
}

export default function CohortClasses({ loaderData, actionData }: Route.ComponentProps) {
  const {
    course,
    cohortId,
    title,
    schedule,
    sessions,
    materials,
    completion,
    now,
    address,
    today,
  } = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  // A class just changed closes its editor (the table shows the new time).
  const changed = actionData?.ok && actionData.intent === "move-session";
  const editing = changed ? undefined : sessions.find((s) => s.id === loaderData.editSession);
  // A changed class closes its editor; the refusals the open forms show themselves.
  const formIntents = [
    "add-session",
    "add-material",
    ...(editing ? ["move-session"] : []),
    ...(failure && completionFormShows(completion, failure) ? [failure.intent] : []),
  ];
  // Each scheduled class by its number, for the materials' "For".
  const classes = sessions
    .filter((s) => s.status === "scheduled")
    .map((s, i) => ({ value: String(s.id), label: `Class ${i + 1}, ${formatDay(s.day)}` }));
  return (
    <>
      <BackLink to={`/admin/courses/${course.id}#cohorts`}>{course.title}</BackLink>
      <ScreenHeader
        title={`Classes: ${title}`}
        description={
          <>
            {schedule} ·{" "}
            <Link
              to={`/portal/cohorts/${cohortId}/attendance`}
              className="text-brand-700 underline dark:text-brand-300"
            >
              Attendance
            </Link>
          </>
        }
      />
      <Notice {...noticeOf(actionData ?? undefined, failure ? formIntents : [])} />
      <Panel title="Classes" titleId="classes-heading">
        <SessionTable sessions={sessions} today={today} address={address} />
        {editing && editing.status === "scheduled" && editing.day >= today ? (
          <SessionForm
            key={editing.id}
            session={editing}
            today={today}
            failure={failure?.intent === "move-session" ? failure : null}
          />
        ) : null}
        <SessionForm today={today} failure={failure?.intent === "add-session" ? failure : null} />
      </Panel>
      <Panel title="Completion" titleId="completion-heading">
        <CompletionPanel completion={completion} failure={failure} />
      </Panel>
      <Panel title="Materials" titleId="materials-heading">
        <MaterialTable
          materials={materials}
          classNames={Object.fromEntries(classes.map((c) => [Number(c.value), c.label]))}
          now={now}
        />
        <MaterialForm
          // A new form after each material added (or removed): the last one's fields are empty.
          key={materials.length}
          classes={classes}
          today={today}
          failure={failure?.intent === "add-material" ? failure : null}
        />
      </Panel>
    </>
  );
}

/** Whether the refused issue or revoke still has its form on the page to show the refusal in. */
function completionFormShows(
  completion: Route.ComponentProps["loaderData"]["completion"],
  failure: ActionFailure,
) {
  const id = String(failure.values?.id ?? "");
  return completion.students.some((s) =>
    failure.intent === "issue-certificate"
      ? String(s.registrationId) === id && !s.certificate && completion.over && s.standing.meets
      : failure.intent === "revoke-certificate" &&
        s.certificate?.id === id &&
        !s.certificate.revokedAt,
  );
}
