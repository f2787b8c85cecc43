import { useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useFetcher,
  useNavigation,
  useSearchParams,
} from "react-router";
import { Toast, type ToastMessage } from "#app/components/portfolio/admin-toast.tsx";
import { FormAlert, TextArea, TextField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import {
  commandDelete,
  commandMove,
  commandQuickCreate,
} from "#app/domain/portfolio/project-actions.server.ts";
import { listProjectsForStaff } from "#app/domain/portfolio/projects-admin.server.ts";
import { parseId } from "#app/platform/http.server.ts";
import type { Route } from "./+types/portfolio";

export const meta: Route.MetaFunction = () => [
  { title: "Portfolio Projects | Admin | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const projects = await listProjectsForStaff(services.db);
  const deleteId = Number(url.searchParams.get("delete"));
  return {
    projects,
    confirmDelete: projects.find((p) => p.id === deleteId) ?? null,
    deleted: url.searchParams.get("deleted"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "create") {
    const result = await commandQuickCreate(services, actor, form);
    if (!result.ok) return data(result, { status: result.status });
    return { ...result, intent, message: `Project "${String(form.get("title")).trim()}" added.` };
  }
  const id = parseId(String(form.get("id") ?? ""));
  if (intent === "move") {
    const direction = form.get("direction");
    if (!id || (direction !== "up" && direction !== "down")) {
      return data({ ok: false, error: "Choose a project and a direction." }, { status: 400 });
    }
    const result = await commandMove(services, actor, id, direction);
    return result.ok ? { ...result, intent } : data(result, { status: result.status });
  }
  if (intent === "delete") {
    const title = String(form.get("title") ?? "").slice(0, 200);
    const result = id ? await commandDelete(services, actor, id) : null;
    if (!result?.ok) {
      return data({ ok: false, error: "Project not found" }, { status: 404 });
    }
    return redirect(`/admin/portfolio?deleted=${encodeURIComponent(title || `project-${id}`)}`);
  }
  return data({ ok: false, error: "Unknown request." }, { status: 400 });
}

const button =
  "inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40";
const primary = `${button} bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400`;
const secondary = `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;
const danger = `${button} bg-red-700 text-white hover:bg-red-800`;

export default function PortfolioProjects({ loaderData }: Route.ComponentProps) {
  const { projects, confirmDelete, deleted } = loaderData;
  const create = useFetcher<typeof action>();
  const creating = create.state !== "idle";
  const createResult = create.data;
  const formRef = useRef<HTMLFormElement>(null);
  const [toast, setToast] = useState<ToastMessage | null>(
    deleted ? { kind: "success", text: `Project "${deleted}" deleted.`, key: "deleted" } : null,
  );

  // "deleted" in the address (after a delete) becomes a toast, then leaves the address.
  const [, setSearchParams] = useSearchParams();
  useEffect(() => {
    if (!deleted) return;
    setToast({ kind: "success", text: `Project "${deleted}" deleted.`, key: Date.now() });
    setSearchParams(
      (params) => {
        params.delete("deleted");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [deleted, setSearchParams]);

  useEffect(() => {
    if (create.state !== "idle" || !createResult) return;
    if (createResult.ok && "message" in createResult) {
      formRef.current?.reset();
      setToast({ kind: "success", text: createResult.message, key: Date.now() });
    }
  }, [create.state, createResult]);

  const createErrors: Record<string, string | undefined> =
    createResult && !createResult.ok && "fieldErrors" in createResult
      ? ((createResult.fieldErrors ?? {}) as Record<string, string>)
      : {};

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Portfolio Projects
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Manage your portfolio projects here. The order below is the order of the public portfolio.
        Edit a project's full story under{" "}
        <Link
          to="/admin/projects"
          className="font-semibold text-brand-700 underline dark:text-brand-300"
        >
          Project Details
        </Link>
        .
      </p>

      {confirmDelete && <ConfirmDelete project={confirmDelete} />}

      <section aria-labelledby="projects-list" className="mt-8">
        <h2 id="projects-list" className="text-xl font-semibold text-slate-900 dark:text-white">
          Projects ({projects.length})
        </h2>
        {projects.length === 0 ? (
          <p className="mt-4 text-slate-600 dark:text-slate-300">
            No projects yet. Add the first one below.
          </p>
        ) : (
          <ol className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {projects.map((project, index) => (
              <ProjectRow
                key={project.id}
                project={project}
                position={index + 1}
                first={index === 0}
                last={index === projects.length - 1}
                onMoved={(text) => setToast({ kind: "success", text, key: Date.now() })}
              />
            ))}
          </ol>
        )}
      </section>

      <section
        aria-labelledby="add-project"
        className="mt-10 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="add-project" className="text-xl font-semibold text-slate-900 dark:text-white">
          Add Project
        </h2>
        <create.Form
          ref={formRef}
          method="post"
          noValidate
          className="mt-4 grid gap-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="create" />
          <TextField label="Title" name="title" required error={createErrors.title} />
          <TextField label="Client" name="client" error={createErrors.client} />
          <TextField label="Category" name="category" error={createErrors.category} />
          <div className="sm:col-span-2">
            <TextArea
              label="Description"
              name="description"
              rows={3}
              error={createErrors.description}
            />
          </div>
          {createResult && !createResult.ok && !("fieldErrors" in createResult) && (
            <div className="sm:col-span-2">
              <FormAlert kind="error">{createResult.error}</FormAlert>
            </div>
          )}
          <div className="sm:col-span-2">
            <button type="submit" className={primary} disabled={creating}>
              {creating ? "Adding..." : "Add Project"}
            </button>
          </div>
        </create.Form>
      </section>
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
  project: Route.ComponentProps["loaderData"]["projects"][number];
  position: number;
  first: boolean;
  last: boolean;
  onMoved: (text: string) => void;
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
    onMoved(`"${project.title}" is now number ${position}.`);
    setMoved(null);
  }, [move.state, moved, first, last, position, project.title, onMoved]);

  return (
    <li className="flex flex-wrap items-center gap-4 p-4">
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
          <button
            ref={upRef}
            type="submit"
            name="direction"
            value="up"
            className={secondary}
            disabled={first}
          >
            <Icon name="arrow-up" className="size-4" aria-hidden="true" />
            Move up<span className="sr-only"> {project.title}</span>
          </button>
          <button
            ref={downRef}
            type="submit"
            name="direction"
            value="down"
            className={secondary}
            disabled={last}
          >
            <Icon name="arrow-down" className="size-4" aria-hidden="true" />
            Move down<span className="sr-only"> {project.title}</span>
          </button>
        </move.Form>
        <Link to={`/admin/projects?id=${project.id}`} className={secondary}>
          <Icon name="pencil" className="size-4" aria-hidden="true" />
          Edit<span className="sr-only"> {project.title}</span>
        </Link>
        <Link to={`/portfolio/project-${project.id}`} className={secondary}>
          <Icon name="external-link" className="size-4" aria-hidden="true" />
          View<span className="sr-only"> {project.title}</span>
        </Link>
        <Link
          to={`/admin/portfolio?delete=${project.id}`}
          preventScrollReset
          className={`${secondary} text-red-700 dark:text-red-300`}
        >
          <Icon name="trash" className="size-4" aria-hidden="true" />
          Delete<span className="sr-only"> {project.title}</span>
        </Link>
      </div>
    </li>
  );
}

function ConfirmDelete({ project }: { project: { id: number; title: string } }) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="confirm-delete"
      className="mt-6 rounded-xl border border-red-300 bg-red-50 p-6 dark:border-red-800 dark:bg-red-950"
    >
      <h2
        id="confirm-delete"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-red-900 dark:text-red-100"
      >
        Delete "{project.title}"?
      </h2>
      <p className="mt-2 text-sm text-red-900 dark:text-red-100">
        Are you sure you want to delete this project? Its page /portfolio/project-{project.id} and
        its place on the homepage go too. This cannot be undone.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={project.id} />
        <input type="hidden" name="title" value={project.title} />
        <button type="submit" className={danger} disabled={deleting}>
          {deleting ? "Deleting..." : "Delete project"}
        </button>
        <Link to="/admin/portfolio" preventScrollReset className={secondary}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
