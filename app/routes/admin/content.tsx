import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import {
  AdminDialog,
  adminButton,
  adminDanger,
  adminPrimary,
} from "#app/components/admin/admin-dialog.tsx";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { FormAlert, TextArea, TextField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import {
  BLOCK_TEXTS,
  type BlockFieldErrors,
  parseBlock,
} from "#app/domain/content/blocks.schema.ts";
import {
  type ContentBlock,
  createBlock,
  deleteBlock,
  listAllBlocks,
  updateBlock,
} from "#app/domain/content/blocks.server.ts";
import { parseId } from "#app/platform/http.server.ts";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () => [
  { title: "Content Blocks | Admin | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const blocks = await listAllBlocks(services.db);
  return {
    blocks: blocks.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
  };
}

type Block = Omit<ContentBlock, "createdAt"> & { createdAt: string };

type ActionResult =
  | { ok: false; error: string }
  | { ok: false; error: string; errors: BlockFieldErrors; values: Record<string, string> };

const FIELDS = ["key", "title", "content", "imageUrl", "page", "section"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return data<ActionResult>({ ok: false, error: "The form could not be read." }, 400);
  const intent = form.get("intent");
  const id = parseId(String(form.get("id") ?? ""));
  const db = services.db;

  if (intent === "create" || intent === "update") {
    const values = Object.fromEntries(FIELDS.map((k) => [k, String(form.get(k) ?? "")]));
    const parsed = parseBlock(values);
    if (!parsed.ok) {
      return data<ActionResult>(
        {
          ok: false,
          error: "Please correct the highlighted fields.",
          errors: parsed.errors,
          values,
        },
        400,
      );
    }
    if (intent === "update" && !id) {
      return data<ActionResult>({ ok: false, error: BLOCK_TEXTS.notFound }, 404);
    }
    const result =
      intent === "create"
        ? await createBlock(db, parsed.value, actor)
        : await updateBlock(db, id as number, parsed.value, actor);
    if (!result.ok) {
      const errors: BlockFieldErrors = result.errors ?? {};
      return data<ActionResult>({ ok: false, error: result.error, errors, values }, result.status);
    }
    await services.invalidatePages();
    throw redirect(`/admin/content?page=${encodeURIComponent(result.block.page)}`);
  }
  if (intent === "delete") {
    const result = id ? await deleteBlock(db, id, actor) : null;
    if (!result?.ok) return data<ActionResult>({ ok: false, error: BLOCK_TEXTS.notFound }, 404);
    await services.invalidatePages();
    throw redirect(`/admin/content?page=${encodeURIComponent(result.block.page)}`);
  }
  return data<ActionResult>({ ok: false, error: "Unknown action." }, 400);
}

/** Blocks grouped by section, sections in the order of their first block (newest first). */
function bySection(blocks: Block[]): [string, Block[]][] {
  const groups = new Map<string, Block[]>();
  for (const block of blocks) {
    const list = groups.get(block.section) ?? [];
    list.push(block);
    groups.set(block.section, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export default function ContentBlocksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { blocks } = loaderData;
  const [searchParams] = useSearchParams();
  const pages = [...new Set(blocks.map((b) => b.page))].sort();
  const requested = searchParams.get("page") ?? "";
  const page = pages.includes(requested) ? requested : (pages[0] ?? "");
  const pagePath = page ? `/admin/content?page=${encodeURIComponent(page)}` : "/admin/content";
  const withParam = (name: string, value: string) => {
    const next = new URLSearchParams(page ? { page } : {});
    next.set(name, value);
    return `/admin/content?${next}`;
  };

  const editing = searchParams.get("block");
  const block =
    editing && editing !== "new" ? blocks.find((b) => String(b.id) === editing) : undefined;
  const editorOpen = editing === "new" || Boolean(block);
  const toDelete = blocks.find((b) => String(b.id) === searchParams.get("delete"));
  const failed = actionData as ActionResult | undefined;
  const formFailure = failed && "errors" in failed ? failed : undefined;
  const failure = failed && !formFailure ? failed.error : "";

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            Content Blocks
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Short texts that pages show where they ask for them, by page and section (for example
            the sales dashboard's Latest News in AI).
          </p>
        </div>
        <Link to={withParam("block", "new")} className={adminPrimary} preventScrollReset>
          <Icon name="plus" className="size-4" aria-hidden="true" />
          Add Block
        </Link>
      </div>
      {failure && (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {failure}
        </p>
      )}

      <AdminDialog
        open={editorOpen}
        title={block ? "Edit Content Block" : "Add Content Block"}
        closeTo={pagePath}
      >
        <BlockEditor
          key={editing}
          block={block}
          defaultPage={page}
          pages={pages}
          sections={[...new Set(blocks.map((b) => b.section))].sort()}
          action={block ? withParam("block", String(block.id)) : withParam("block", "new")}
          closeTo={pagePath}
          errors={formFailure?.errors as BlockFieldErrors | undefined}
          values={formFailure?.values as Record<string, string> | undefined}
          error={
            formFailure && Object.keys(formFailure.errors).length === 0 ? formFailure.error : ""
          }
        />
      </AdminDialog>
      <AdminDialog open={Boolean(toDelete)} title="Delete Content Block" closeTo={pagePath}>
        {toDelete && (
          <Form method="post" action={pagePath} preventScrollReset className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={toDelete.id} />
            <p>
              {BLOCK_TEXTS.deleteConfirm} "{toDelete.title}" ({toDelete.key}) leaves the{" "}
              {toDelete.page} page at once.
            </p>
            <div className="flex justify-end gap-3">
              <Link to={pagePath} className={adminButton} preventScrollReset>
                Cancel
              </Link>
              <button type="submit" className={adminDanger}>
                Delete Block
              </button>
            </div>
          </Form>
        )}
      </AdminDialog>

      {pages.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <p className="text-slate-700 dark:text-slate-300">No content blocks yet.</p>
          <Link to="?block=new" className={`${adminPrimary} mt-4`}>
            Add the first block
          </Link>
        </div>
      ) : (
        <>
          <nav aria-label="Pages" className="mt-6 border-b border-slate-200 dark:border-slate-800">
            <ul className="-mb-px flex flex-wrap gap-1">
              {pages.map((p) => (
                <li key={p}>
                  <Link
                    to={`/admin/content?page=${encodeURIComponent(p)}`}
                    aria-current={p === page ? "page" : undefined}
                    preventScrollReset
                    className={`block rounded-t-lg border-b-2 px-4 py-2 text-sm font-medium ${
                      p === page
                        ? "border-brand-600 text-brand-800 dark:border-brand-400 dark:text-brand-200"
                        : "border-transparent text-slate-700 hover:border-slate-300 dark:text-slate-300"
                    }`}
                  >
                    {p}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            To start a new page, add a block and type the new page's name.
          </p>
          {bySection(blocks.filter((b) => b.page === page)).map(([section, items]) => (
            <section key={section} aria-labelledby={`section-${section}`} className="mt-6">
              <h2
                id={`section-${section}`}
                className="text-xl font-semibold text-slate-900 dark:text-white"
              >
                Section: {section}
              </h2>
              <ul className="mt-3 grid gap-4 lg:grid-cols-2" aria-label={`Blocks of ${section}`}>
                {items.map((b) => (
                  <li
                    key={b.id}
                    data-testid={`block-${b.key}`}
                    className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                  >
                    <div className="flex gap-3">
                      {b.imageUrl && (
                        <img
                          src={b.imageUrl}
                          alt=""
                          className="h-16 w-24 shrink-0 rounded-md object-cover"
                        />
                      )}
                      <div className="min-w-0">
                        <h3 className="font-semibold break-words text-slate-900 dark:text-white">
                          {b.title}
                        </h3>
                        <p className="text-xs break-all text-slate-600 dark:text-slate-400">
                          Key: {b.key}
                        </p>
                      </div>
                    </div>
                    <p className="text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
                      {b.content}
                    </p>
                    <div className="mt-auto flex flex-wrap gap-2">
                      <Link
                        to={withParam("block", String(b.id))}
                        className={adminButton}
                        preventScrollReset
                        aria-label={`Edit block ${b.key}`}
                      >
                        <Icon name="pencil" className="size-4" aria-hidden="true" />
                        Edit
                      </Link>
                      <Link
                        to={withParam("delete", String(b.id))}
                        className={adminButton}
                        preventScrollReset
                        aria-label={`Delete block ${b.key}`}
                      >
                        <Icon name="trash" className="size-4" aria-hidden="true" />
                        Delete
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </>
  );
}

function BlockEditor({
  block,
  defaultPage,
  pages,
  sections,
  action,
  closeTo,
  errors,
  values,
  error,
}: {
  block?: Block;
  defaultPage: string;
  pages: string[];
  sections: string[];
  action: string;
  closeTo: string;
  errors?: BlockFieldErrors;
  values?: Record<string, string>;
  error: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.has("key") === true;
  const value = (name: (typeof FIELDS)[number]) =>
    values?.[name] ?? (block ? String(block[name] ?? "") : name === "page" ? defaultPage : "");
  return (
    <Form method="post" action={action} noValidate preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value={block ? "update" : "create"} />
      {block && <input type="hidden" name="id" value={block.id} />}
      {(error || errors?.form) && <FormAlert kind="error">{error || errors?.form}</FormAlert>}
      <TextField
        label="Key"
        name="key"
        required
        defaultValue={value("key")}
        error={errors?.key}
        hint="A unique name, e.g. sales-news-ai-assistants."
      />
      <TextField
        label="Title"
        name="title"
        required
        defaultValue={value("title")}
        error={errors?.title}
      />
      <TextArea
        label="Content"
        name="content"
        rows={5}
        required
        defaultValue={value("content")}
        error={errors?.content}
        hint="Plain text; line breaks are kept."
      />
      <ImageField
        name="imageUrl"
        label="Image URL"
        defaultValue={value("imageUrl")}
        description="Optional: a full URL (https://...), a site path, an upload or an image from the library."
      />
      {errors?.imageUrl && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.imageUrl}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <ListField
          label="Page"
          name="page"
          options={pages}
          defaultValue={value("page")}
          error={errors?.page}
          hint="An existing page or a new one, e.g. sales-dashboard."
        />
        <ListField
          label="Section"
          name="section"
          options={sections}
          defaultValue={value("section")}
          error={errors?.section}
          hint="Where on the page, e.g. latest-news."
        />
      </div>
      <div className="flex justify-end gap-3 pt-2">
        <Link to={closeTo} className={adminButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={adminPrimary} disabled={saving}>
          {block ? "Update Block" : "Create Block"}
        </button>
      </div>
    </Form>
  );
}

/** A required text field that suggests the names already in use. */
function ListField({
  label,
  name,
  options,
  defaultValue,
  error,
  hint,
}: {
  label: string;
  name: string;
  options: string[];
  defaultValue: string;
  error?: string;
  hint: string;
}) {
  const id = `block-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        <span className="text-red-700 dark:text-red-400" aria-hidden="true">
          {" "}
          *
        </span>
      </label>
      <input
        id={id}
        name={name}
        list={`${id}-options`}
        required
        defaultValue={defaultValue}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-${error ? "error" : "hint"}`}
        className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      />
      <datalist id={`${id}-options`}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
