import { useEffect } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { adminButton, adminPrimary } from "#app/components/admin/buttons.ts";
import { adminMeta, Notice, Panel, RowLink, ScreenHeader } from "#app/components/admin/screen.tsx";
import { VersionStatus } from "#app/components/admin/version-status.tsx";
import { Toast, useToast } from "#app/components/portfolio/admin-toast.tsx";
import {
  type EditorValues,
  ProjectEditForm,
} from "#app/components/portfolio/project-edit-form.tsx";
import { ProjectView } from "#app/components/portfolio/project-view.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { HISTORY_NOTICES } from "#app/domain/history/history.ts";
import { editorHistory, saveEditorDraft } from "#app/domain/history/item-state.server.ts";
import { getProjectDetails } from "#app/domain/portfolio/portfolio.server.ts";
import { parseProjectId } from "#app/domain/portfolio/portfolio.ts";
import {
  formLists,
  PROJECT_TOASTS,
  projectFromForm,
  validateProject,
} from "#app/domain/portfolio/project.schema.ts";
import { commandCreate } from "#app/domain/portfolio/project-commands.server.ts";
import { listProjectsForStaff, projectKind } from "#app/domain/portfolio/projects-admin.server.ts";
import { type ActionFailure, fail, handleIntents, postedId } from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";

import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = () => adminMeta("Project Details");

const PATH = "/admin/projects";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const { db } = services;
  const url = new URL(request.url);
  const projects = await listProjectsForStaff(db);
  const asked = url.searchParams.get("id");
  const id = asked ? parseProjectId(asked) : (projects[0]?.id ?? null);
  const project = id ? await getProjectDetails(db, id) : null;
  const slots = projects.map((p) => ({ id: p.id, title: p.title }));
  const body = {
    slots,
    project,
    edit: url.searchParams.get("edit") === "1",
    history: HISTORY_NOTICES[url.searchParams.get("history") ?? ""] ?? null,
    // Its history line, and its draft in the form (decision 0021).
    ...(await editorHistory(db, projectKind, project ? id : null)),
  };
  return asked && !project ? data(body, { status: 404 }) : body;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return handleIntents(request, {
    create: async () => {
      const { value: id } = await commandCreate(services, actor, {});
      return redirect(`${PATH}?id=${id}&edit=1&notice=created`);
    },
    update: async (form, intent) => {
      const id = postedId(form);
      if (!id) return fail(intent, "Project not found", 404);
      const input = projectFromForm(formLists(form));
      const parsed = validateProject(input);
      if (!parsed.ok) {
        // The form lists every message; its summary is the first (as the JSON API answers).
        const [first = "Invalid project"] = Object.values(parsed.fieldErrors);
        return fail(intent, first, 400, { fieldErrors: parsed.fieldErrors, values: input });
      }
      // Save keeps a draft; the history line's Publish makes it live.
      const result = await saveEditorDraft(
        services.db,
        projectKind,
        id,
        parsed.value,
        actor,
        Object.fromEntries(form),
      );
      if (!result.ok) return fail(intent, result, { values: input });
      return redirect(`${PATH}?id=${id}&notice=draft`);
    },
  });
}

/** Slot colours: blue, green and orange for the first three projects (the legend names them). */
const slotColours = [
  {
    name: "Blue",
    swatch: "bg-blue-700",
    on: "bg-blue-700 text-white border-blue-700",
    off: "border-blue-700 text-blue-800 dark:text-blue-300",
  },
  {
    name: "Green",
    swatch: "bg-green-700",
    on: "bg-green-700 text-white border-green-700",
    off: "border-green-700 text-green-800 dark:text-green-300",
  },
  {
    name: "Orange",
    swatch: "bg-orange-700",
    on: "bg-orange-700 text-white border-orange-700",
    off: "border-orange-700 text-orange-800 dark:text-orange-300",
  },
];
const otherSlot = {
  name: "Grey",
  swatch: "bg-slate-400",
  on: "bg-slate-800 text-white border-slate-800 dark:bg-slate-200 dark:text-slate-950",
  off: "border-slate-400 text-slate-800 dark:text-slate-200",
};

/** What the slot colours mean. */
function SlotLegend() {
  const entries = [
    ...slotColours.map((c, i) => ({ ...c, meaning: `project ${i + 1} in the portfolio's order` })),
    { ...otherSlot, meaning: "the projects after those" },
  ];
  return (
    <div className="mt-3 text-xs text-slate-600 dark:text-slate-400">
      <ul aria-label="What the colours mean" className="flex flex-wrap gap-x-4 gap-y-1">
        {entries.map((e) => (
          <li key={e.name} className="flex items-center gap-1.5">
            <span className={`inline-block size-3 rounded-sm ${e.swatch}`} aria-hidden="true" />
            {e.name}: {e.meaning}
          </li>
        ))}
        <li>A filled button: the project open below.</li>
      </ul>
    </div>
  );
}

/** `?notice=` after a redirect: what the toast says. */
const notices: Record<string, string> = {
  created: PROJECT_TOASTS.created,
  draft: "Success: Draft saved. The public page shows the live version until you publish it.",
};
const noticeText = (notice: string) => (Object.hasOwn(notices, notice) ? notices[notice] : "");
const failedText = (failure: ActionFailure) =>
  failure.intent === "create" ? PROJECT_TOASTS.createFailed : PROJECT_TOASTS.updateFailed;

export default function ProjectDetailsManager({ loaderData, actionData }: Route.ComponentProps) {
  const { slots, project, edit, state, draft } = loaderData;
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  // Server-rendered too: without script, the toast still shows after the post.
  const [toast, showToast] = useToast(
    "notice",
    noticeText,
    failure && { kind: "error", text: failedText(failure), key: "action" },
  );
  useEffect(() => {
    if (failure) showToast("error", failedText(failure));
  }, [failure, showToast]);

  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && !navigation.formData && navigation.location.pathname === PATH;
  const viewTo = `${PATH}?id=${project?.id}`;
  const title = project?.title;
  const missing = slots.length ? "Project not found" : "No projects yet";

  return (
    <>
      <ScreenHeader
        title="Project Details"
        description="The full story of each portfolio project, as its public page shows it."
        action={
          <AdminForm intent="create" className="">
            <FormActions
              submit={
                <>
                  <Icon name="plus" className="size-4" />
                  Add New Project
                </>
              }
              busy="Creating..."
              className=""
            />
          </AdminForm>
        }
      />

      <nav aria-label="Project slots" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {slots.map((slot, i) => {
            const colours = slotColours[i] ?? otherSlot;
            const current = project?.id === slot.id;
            return (
              <li key={slot.id}>
                <Link
                  to={`${PATH}?id=${slot.id}`}
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
        <SlotLegend />
      </nav>
      <Notice message={loaderData.history ?? undefined} />

      <Panel
        className="mt-6"
        titleId="project-heading"
        title={loading ? undefined : project ? (edit ? `Editing: ${title}` : title) : missing}
        description={
          !loading &&
          !project &&
          (slots.length ? "Choose a project above." : "Add New Project creates the first one.")
        }
        actions={
          !loading &&
          project && (
            <>
              {!edit && (
                <RowLink to={`${viewTo}&edit=1`} icon="pencil" className={adminPrimary}>
                  Edit Project
                </RowLink>
              )}
              <Link to={`/portfolio/project-${project.id}`} className={adminButton}>
                <Icon name="external-link" className="size-4" />
                View Live Page
              </Link>
            </>
          )
        }
      >
        {loading ? (
          <p role="status" className="text-slate-600 dark:text-slate-300">
            Loading project details...
          </p>
        ) : (
          project && (
            <div className="mt-6">
              {state && <VersionStatus state={state} returnTo={viewTo} />}
              {edit ? (
                <ProjectEditForm
                  key={project.id}
                  projectId={project.id}
                  baseVersionId={state?.live?.id ?? null}
                  values={{ ...project, ...draft, ...failure?.values } as EditorValues}
                  failure={failure}
                  cancelTo={viewTo}
                  onInvalid={() => showToast("error", PROJECT_TOASTS.updateFailed)}
                />
              ) : (
                <ProjectView project={project} />
              )}
            </div>
          )
        )}
      </Panel>
      <Toast message={toast} />
    </>
  );
}
