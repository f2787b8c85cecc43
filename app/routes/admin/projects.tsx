import { useEffect, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { Toast, type ToastMessage } from "#app/components/portfolio/admin-toast.tsx";
import {
  type EditorValues,
  ProjectEditForm,
  ProjectView,
  primaryButton,
  secondaryButton,
} from "#app/components/portfolio/project-editor.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { getProjectDetails } from "#app/domain/portfolio/portfolio.server.ts";
import { parseProjectId } from "#app/domain/portfolio/portfolio.ts";
import {
  PROJECT_TOASTS,
  projectFromForm,
  validateProject,
} from "#app/domain/portfolio/project.schema.ts";
import { commandCreate, commandUpdate } from "#app/domain/portfolio/project-actions.server.ts";
import { listProjectsForStaff } from "#app/domain/portfolio/projects-admin.server.ts";
import { parseId } from "#app/platform/http.server.ts";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = () => [
  { title: "Project Details | Admin | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const { db } = services;
  const url = new URL(request.url);
  const projects = await listProjectsForStaff(db);
  const asked = url.searchParams.get("id");
  const id = asked ? parseProjectId(asked) : (projects[0]?.id ?? null);
  const project = id ? await getProjectDetails(db, id) : null;
  const slots = projects.map((p) => ({ id: p.id, title: p.title }));
  const body = { slots, project, edit: url.searchParams.get("edit") === "1" };
  return asked && !project ? data(body, { status: 404 }) : body;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "create") {
    const result = await commandCreate(services, actor, {});
    if (!result.ok) {
      return data(
        { error: result.error, toast: PROJECT_TOASTS.createFailed, fieldErrors: {} },
        { status: result.status },
      );
    }
    return redirect(`/admin/projects?id=${result.id}&edit=1&notice=created`);
  }
  if (intent === "update") {
    const id = parseId(String(form.get("id") ?? ""));
    const input = projectFromForm(form);
    const parsed = validateProject(input);
    if (!id)
      return data(
        { error: "Project not found", toast: PROJECT_TOASTS.updateFailed, fieldErrors: {} },
        { status: 404 },
      );
    if (!parsed.ok) {
      return data(
        {
          error: "Invalid project",
          toast: PROJECT_TOASTS.updateFailed,
          fieldErrors: parsed.errors,
          values: input,
        },
        { status: 400 },
      );
    }
    const result = await commandUpdate(services, actor, id, parsed.data);
    if (!result.ok) {
      return data(
        { error: result.error, toast: PROJECT_TOASTS.updateFailed, fieldErrors: {} },
        { status: result.status },
      );
    }
    return redirect(`/admin/projects?id=${id}&notice=updated`);
  }
  return data(
    { error: "Unknown request.", toast: PROJECT_TOASTS.updateFailed, fieldErrors: {} },
    { status: 400 },
  );
}

/** Slot colours: blue, green and orange for the first three projects. */
const slotColours = [
  {
    on: "bg-blue-700 text-white border-blue-700",
    off: "border-blue-700 text-blue-800 dark:text-blue-300",
  },
  {
    on: "bg-green-700 text-white border-green-700",
    off: "border-green-700 text-green-800 dark:text-green-300",
  },
  {
    on: "bg-orange-700 text-white border-orange-700",
    off: "border-orange-700 text-orange-800 dark:text-orange-300",
  },
];
const otherSlot = {
  on: "bg-slate-800 text-white border-slate-800 dark:bg-slate-200 dark:text-slate-950",
  off: "border-slate-400 text-slate-800 dark:text-slate-200",
};

const notices: Record<string, ToastMessage> = {
  created: { kind: "success", text: PROJECT_TOASTS.created, key: "created" },
  updated: { kind: "success", text: PROJECT_TOASTS.updated, key: "updated" },
};

export default function ProjectDetailsManager({ loaderData }: Route.ComponentProps) {
  const { slots, project, edit } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  const notice = searchParams.get("notice");
  // Server-rendered too (without script, the toast still shows after the post).
  const [toast, setToast] = useState<ToastMessage | null>(() =>
    notice
      ? (notices[notice] ?? null)
      : actionData?.toast
        ? { kind: "error", text: actionData.toast, key: "action" }
        : null,
  );

  const intent = navigation.formData?.get("intent");
  const creating = navigation.state !== "idle" && intent === "create";
  const saving = navigation.state !== "idle" && intent === "update";
  const loading =
    navigation.state === "loading" &&
    !navigation.formData &&
    navigation.location.pathname === "/admin/projects";

  // A notice in the address (after a save or create) becomes a toast, then leaves the address
  // so that a reload does not repeat it.
  useEffect(() => {
    if (!notice) return;
    const message = notices[notice];
    if (message) setToast({ ...message, key: Date.now() });
    setSearchParams(
      (params) => {
        params.delete("notice");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [notice, setSearchParams]);

  useEffect(() => {
    if (actionData?.toast) setToast({ kind: "error", text: actionData.toast, key: Date.now() });
  }, [actionData]);

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            Project Details
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            The full story of each portfolio project, as its public page shows it.
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="create" />
          <button type="submit" className={primaryButton} disabled={creating}>
            <Icon name="plus" className="size-4" aria-hidden="true" />
            {creating ? "Creating..." : "Add New Project"}
          </button>
        </Form>
      </div>

      <nav aria-label="Project slots" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {slots.map((slot, i) => {
            const colours = slotColours[i] ?? otherSlot;
            const current = project?.id === slot.id;
            return (
              <li key={slot.id}>
                <Link
                  to={`/admin/projects?id=${slot.id}`}
                  aria-current={current ? "page" : undefined}
                  className={`block max-w-64 truncate rounded-lg border-2 px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    current ? colours.on : `bg-white dark:bg-slate-900 ${colours.off}`
                  }`}
                >
                  <span className="sr-only">Project {slot.id}: </span>
                  {slot.title}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <section
        aria-labelledby="project-heading"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        {loading ? (
          <p role="status" className="text-slate-600 dark:text-slate-300">
            Loading project details...
          </p>
        ) : !project ? (
          <>
            <h2
              id="project-heading"
              className="text-xl font-semibold text-slate-900 dark:text-white"
            >
              {slots.length ? "Project not found" : "No projects yet"}
            </h2>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              {slots.length ? "Choose a project above." : "Add New Project creates the first one."}
            </p>
          </>
        ) : (
          <>
            <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
              <h2
                id="project-heading"
                className="text-xl font-semibold text-slate-900 dark:text-white"
              >
                {edit ? `Editing: ${project.title}` : project.title}
              </h2>
              <div className="flex flex-wrap gap-2">
                {!edit && (
                  <Link to={`/admin/projects?id=${project.id}&edit=1`} className={primaryButton}>
                    <Icon name="pencil" className="size-4" aria-hidden="true" />
                    Edit Project
                  </Link>
                )}
                <Link to={`/portfolio/project-${project.id}`} className={secondaryButton}>
                  <Icon name="external-link" className="size-4" aria-hidden="true" />
                  View Live Page
                </Link>
              </div>
            </div>
            {edit ? (
              <ProjectEditForm
                key={project.id}
                projectId={project.id}
                values={
                  actionData && "values" in actionData && actionData.values
                    ? ({ ...project, ...actionData.values } as EditorValues)
                    : project
                }
                serverErrors={actionData?.fieldErrors ?? {}}
                saving={saving}
                cancelTo={`/admin/projects?id=${project.id}`}
                onInvalid={() =>
                  setToast({ kind: "error", text: PROJECT_TOASTS.updateFailed, key: Date.now() })
                }
              />
            ) : (
              <ProjectView project={project} />
            )}
          </>
        )}
      </section>
      <Toast message={toast} />
    </>
  );
}
