import { useEffect, useRef, useState } from "react";
import { Link, redirect, useFetcher } from "react-router";
import { ConfirmPanel } from "#app/components/admin/admin-dialog.tsx";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { adminButton, adminDangerLink } from "#app/components/admin/buttons.ts";
import { FormArea, FormText } from "#app/components/admin/form-fields.tsx";
import { adminMeta, Panel, RowLink, ScreenHeader } from "#app/components/admin/screen.tsx";
import { Toast, useToast } from "#app/components/portfolio/admin-toast.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import {
  commandDelete,
  commandMove,
  commandQuickCreate,
} from "#app/domain/portfolio/project-commands.server.ts";
import { listProjectsForStaff } from "#app/domain/portfolio/projects-admin.server.ts";
import {
  type ActionFailure,
  done,
  fail,
  formValues,
  handleIntents,
  invalid,
  postedId,
  postedMove,
} from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";

import type { Route } from "./+types/portfolio";

export const meta: Route.MetaFunction = () => adminMeta("Portfolio Projects");

const PATH = "/admin/portfolio";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const projects = await listProjectsForStaff(services.db);
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  return { projects, confirmDelete: projects.find((p) => p.id === deleteId) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  return handleIntents(request, {
    create: async (form, intent) => {
      const values = formValues(form, ["title", "client", "category", "description"]);
      const result = await commandQuickCreate(services, actor, values);
      if (!result.ok && result.fieldErrors) return invalid(intent, result.fieldErrors, values);
      if (!result.ok) return fail(intent, result, { values });
      return { ...done(intent, `Project "${values.title.trim()}" added.`), id: result.value };
    },
    move: async (form, intent) => {
      const move = postedMove(form);
      if (!move) return fail(intent, "Choose a project and a direction.");
      const { id, direction } = move;
      const result = await commandMove(services, actor, id, direction);
      if (!result.ok) return fail(intent, result);
      return done(intent, `Project moved ${direction}.`);
    },
    delete: async (form, intent) => {
      const id = postedId(form);
      const title = String(form.get("title") ?? "").slice(0, 200);
      const result = id ? await commandDelete(services, actor, id) : null;
      if (!result?.ok) return fail(intent, "Project not found", 404);
      return redirect(`${PATH}?deleted=${encodeURIComponent(title || `project-${id}`)}`);
    },
  });
}

type Project = Route.ComponentProps["loaderData"]["projects"][number];

/** `?deleted=` after a deletion's redirect: what the toast says. */
const deletedText = (title: string) => `Project "${title}" deleted.`;

export default function PortfolioProjects({ loaderData, actionData }: Route.ComponentProps) {
  const { projects, confirmDelete } = loaderData;
  const [toast, showToast] = useToast("deleted", deletedText);
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const added = actionData?.ok && "id" in actionData ? actionData : null;
  useEffect(() => {
    if (added) showToast("success", added.message);
    else if (failure && failure.intent !== "create") showToast("error", failure.error);
  }, [added, failure, showToast]);

  return (
    <>
      <ScreenHeader
        title="Portfolio Projects"
        description={
          <>
            Manage your portfolio projects here. The order below is the order of the public
            portfolio. Edit a project's full story under{" "}
            <Link
              to="/admin/projects"
              className="font-semibold text-brand-700 underline dark:text-brand-300"
            >
              Project Details
            </Link>
            .
          </>
        }
      />

      {confirmDelete && (
        <ConfirmPanel
          key={confirmDelete.id}
          title={`Delete "${confirmDelete.title}"?`}
          closeTo={PATH}
          fields={{ id: confirmDelete.id, title: confirmDelete.title }}
          confirm="Delete project"
        >
          <p>
            Are you sure you want to delete this project? Its page /portfolio/project-
            {confirmDelete.id} and its place on the homepage go too. This cannot be undone.
          </p>
        </ConfirmPanel>
      )}

      <Panel title={`Projects (${projects.length})`} titleId="projects-list" className="mt-8">
        {projects.length === 0 ? (
          <p className="mt-4 text-slate-600 dark:text-slate-300">
            No projects yet. Add the first one below.
          </p>
        ) : (
          <ol className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {projects.map((project, index) => (
              <ProjectRow
                key={project.id}
                project={project}
                position={index + 1}
                first={index === 0}
                last={index === projects.length - 1}
                onMoved={showToast}
              />
            ))}
          </ol>
        )}
      </Panel>

      <Panel title="Add Project" titleId="add-project" className="mt-10">
        <AdminForm
          key={added?.id ?? "add"}
          intent="create"
          failure={failure}
          className="mt-4 space-y-4"
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <FormText label="Title" name="title" required />
            <FormText label="Client" name="client" />
            <FormText label="Category" name="category" />
          </div>
          <FormArea label="Description" name="description" rows={3} />
          <FormActions submit="Add Project" busy="Adding..." className="flex gap-3" />
        </AdminForm>
      </Panel>
      <Toast message={toast} />
    </>
  );
}

function ProjectRow({
  project,
  position,
  first,
  last,
  onMoved,
}: {
  project: Project;
  position: number;
  first: boolean;
  last: boolean;
  /** What the move did (or why it was refused), for the toast. */
  onMoved: (kind: "success" | "error", text: string) => void;
}) {
  const move = useFetcher<typeof action>();
  const [moved, setMoved] = useState<"up" | "down" | null>(null);
  const sentMove = useRef(false);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);

  // The row moves in the page; keep the keyboard focus on the button that moved it.
  useEffect(() => {
    if (!moved) return;
    if (move.state !== "idle") {
      sentMove.current = true;
      return;
    }
    if (!sentMove.current) return;
    sentMove.current = false;
    const target = moved === "up" ? (first ? downRef : upRef) : last ? upRef : downRef;
    target.current?.focus();
    const refused = move.data && !move.data.ok ? (move.data as ActionFailure) : null;
    if (refused) onMoved("error", refused.error);
    else onMoved("success", `"${project.title}" is now number ${position}.`);
    setMoved(null);
  }, [move.state, move.data, moved, first, last, position, project.title, onMoved]);

  const links: [string, IconName, string][] = [
    [`/admin/projects?id=${project.id}`, "pencil", "Edit"],
    [`/portfolio/project-${project.id}`, "external-link", "View"],
  ];
  return (
    <li className="flex flex-wrap items-center gap-4 py-4">
      <span className="w-8 text-center text-lg font-bold text-slate-500 dark:text-slate-400">
        {position}
      </span>
      {project.image ? (
        <img src={project.image} alt="" className="h-14 w-20 rounded-md object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="h-14 w-20 rounded-md bg-linear-to-br from-brand-600 to-slate-800"
        />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 dark:text-white">{project.title}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {[project.client, project.category].filter(Boolean).join(" · ") || "No client yet"}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <move.Form
          method="post"
          className="flex gap-2"
          onSubmit={(e) => {
            const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            setMoved(submitter?.value === "up" ? "up" : "down");
          }}
        >
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={project.id} />
          {(["up", "down"] as const).map((direction) => (
            <button
              key={direction}
              ref={direction === "up" ? upRef : downRef}
              type="submit"
              name="direction"
              value={direction}
              className={adminButton}
              disabled={direction === "up" ? first : last}
              aria-label={`Move ${direction} ${project.title}`}
            >
              <Icon name={`arrow-${direction}`} className="size-4" />
              Move {direction}
            </button>
          ))}
        </move.Form>
        {links.map(([to, icon, text]) => (
          <Link key={text} to={to} className={adminButton} aria-label={`${text} ${project.title}`}>
            <Icon name={icon} className="size-4" />
            {text}
          </Link>
        ))}
        <RowLink
          to={`${PATH}?delete=${project.id}`}
          icon="trash"
          label={`Delete ${project.title}`}
          className={adminDangerLink}
        >
          Delete
        </RowLink>
      </div>
    </li>
  );
}
