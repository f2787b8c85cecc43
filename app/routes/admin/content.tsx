import { redirect, useSearchParams } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { ConfirmRecord } from "#app/components/admin/admin-dialog.tsx";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { adminButton } from "#app/components/admin/buttons.ts";
import { FormArea, FormText } from "#app/components/admin/form-fields.tsx";
import { FormImage } from "#app/components/admin/image-field.tsx";
import {
  AddLink,
  adminMeta,
  EmptyState,
  Notice,
  noticeOf,
  RowLink,
  ScreenHeader,
  TabNav,
} from "#app/components/admin/screen.tsx";
import {
  DraftBase,
  draftMessage,
  ItemEditorDialog,
} from "#app/components/admin/version-status.tsx";
import { BLOCK_TEXTS, parseBlock } from "#app/domain/content/blocks.schema.ts";
import {
  blockKind,
  type ContentBlock,
  createBlock,
  deleteBlock,
  listAllBlocks,
} from "#app/domain/content/blocks.server.ts";
import { HISTORY_NOTICES } from "#app/domain/history/history.ts";
import { editorHistory, saveEditorDraft } from "#app/domain/history/item-state.server.ts";
import {
  type ActionFailure,
  fail,
  formValues,
  handleIntents,
  invalid,
  postedId,
} from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () => adminMeta("Content Blocks");

const PATH = "/admin/content";
const FIELDS = ["key", "title", "content", "imageUrl", "page", "section"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const blocks = await listAllBlocks(services.db);
  return {
    blocks: blocks.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    // The block being edited: its history line and draft (decision 0021).
    ...(await editorHistory(services.db, blockKind, parseId(url.searchParams.get("block")))),
    history: HISTORY_NOTICES[url.searchParams.get("history") ?? ""] ?? null,
    saved: url.searchParams.get("saved") === "draft",
  };
}

type Block = Omit<ContentBlock, "createdAt"> & { createdAt: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const db = services.db;
  /** After a change: the public pages show it, and the list opens on the block's page. */
  const changed = async (block: { page: string }) => {
    await services.invalidatePages();
    return redirect(addressWith(PATH, { page: block.page }));
  };
  const save = async (form: FormData, intent: string) => {
    const values = formValues(form, FIELDS);
    const parsed = parseBlock(values);
    if (!parsed.ok) return invalid(intent, parsed.fieldErrors, values);
    const id = postedId(form);
    if (intent === "update") {
      // An edit keeps a draft; the history line's Publish makes it live.
      if (!id) return fail(intent, BLOCK_TEXTS.notFound, 404);
      const active = form.get("active") !== "false";
      const draft = await saveEditorDraft(
        db,
        blockKind,
        id,
        { ...parsed.value, active },
        actor,
        Object.fromEntries(form),
      );
      if (!draft.ok) return fail(intent, draft, { values });
      return redirect(
        addressWith(PATH, { page: parsed.value.page }, { block: String(id), saved: "draft" }),
      );
    }
    const result = await createBlock(db, parsed.value, actor);
    if (!result.ok) {
      return fail(intent, result, {
        fieldErrors: result.fieldErrors ?? {},
        values,
      });
    }
    return changed(result.value);
  };
  return handleIntents(request, {
    create: save,
    update: save,
    delete: async (form, intent) => {
      const id = postedId(form);
      const result = id ? await deleteBlock(db, id, actor) : null;
      return result?.ok ? changed(result.value) : fail(intent, BLOCK_TEXTS.notFound, 404);
    },
  });
}

/** Blocks grouped by section, sections in alphabetical order. */
function bySection(blocks: Block[]): [string, Block[]][] {
  const groups = new Map<string, Block[]>();
  for (const block of blocks)
    groups.set(block.section, [...(groups.get(block.section) ?? []), block]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export default function ContentBlocksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { blocks } = loaderData;
  const [searchParams] = useSearchParams();
  const pages = [...new Set(blocks.map((b) => b.page))].sort();
  const requested = searchParams.get("page") ?? "";
  const page = pages.includes(requested) ? requested : (pages[0] ?? "");
  const pagePath = addressWith(PATH, { page });
  const withParam = (name: string, value: string) => addressWith(PATH, { page }, { [name]: value });

  const editing = searchParams.get("block");
  const block =
    editing && editing !== "new" ? blocks.find((b) => String(b.id) === editing) : undefined;
  const toDelete = blocks.find((b) => String(b.id) === searchParams.get("delete"));
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const formIntent = block ? "update" : "create";

  return (
    <>
      <ScreenHeader
        title="Content Blocks"
        description="Short texts that pages show where they ask for them, by page and section (for example the sales dashboard's Latest News in AI)."
        action={<AddLink to={withParam("block", "new")}>Add Block</AddLink>}
      />
      <Notice
        {...noticeOf(failure ?? undefined, ["create", "update"])}
        message={draftMessage(
          loaderData,
          "Draft saved. Pages show the live block until you publish it.",
        )}
      />

      <ItemEditorDialog
        editing={editing}
        item={block}
        title={{ edit: "Edit Content Block", add: "Add Content Block" }}
        closeTo={pagePath}
        state={loaderData.state}
      >
        <AdminForm
          key={editing}
          action={withParam("block", block ? String(block.id) : "new")}
          intent={formIntent}
          id={block?.id}
          failure={failure}
          defaults={block ? { ...block, ...loaderData.draft } : { page }}
        >
          {block && (
            <input
              type="hidden"
              name="active"
              value={String(loaderData.draft?.active ?? block.active)}
            />
          )}
          <FormText
            label="Key"
            name="key"
            required
            hint="A unique name, e.g. sales-news-ai-assistants."
          />
          <FormText label="Title" name="title" required />
          <FormArea
            label="Content"
            name="content"
            rows={5}
            required
            hint="Plain text; line breaks are kept."
          />
          <FormImage
            name="imageUrl"
            label="Image URL"
            description="Optional: a full URL (https://...), a site path, an upload or an image from the library."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormText
              label="Page"
              name="page"
              required
              autoComplete="off"
              suggestions={pages}
              hint="An existing page or a new one, e.g. sales-dashboard."
            />
            <FormText
              label="Section"
              name="section"
              required
              autoComplete="off"
              suggestions={[...new Set(blocks.map((b) => b.section))].sort()}
              hint="Where on the page, e.g. latest-news."
            />
          </div>
          {block && <DraftBase liveId={loaderData.state?.live?.id} />}
          <FormActions submit={block ? "Save Draft" : "Create Block"} cancelTo={pagePath} />
        </AdminForm>
      </ItemEditorDialog>
      <ConfirmRecord
        record={toDelete}
        title="Delete Content Block"
        closeTo={pagePath}
        confirm="Delete Block"
      >
        {(block) => (
          <p>
            {BLOCK_TEXTS.deleteConfirm} "{block.title}" ({block.key}) leaves the {block.page} page
            at once.
          </p>
        )}
      </ConfirmRecord>

      {pages.length === 0 ? (
        <EmptyState action={<AddLink to="?block=new">Add the first block</AddLink>}>
          No content blocks yet.
        </EmptyState>
      ) : (
        <>
          <TabNav
            label="Pages"
            tabs={pages.map((p) => ({
              to: addressWith(PATH, { page: p }),
              label: p,
              current: p === page,
            }))}
          />
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
                  <BlockCard
                    key={b.id}
                    block={b}
                    drafted={loaderData.drafted.includes(b.id)}
                    editTo={withParam("block", String(b.id))}
                    deleteTo={withParam("delete", String(b.id))}
                  />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </>
  );
}

function BlockCard({
  block: b,
  drafted,
  editTo,
  deleteTo,
}: {
  block: Block;
  drafted: boolean;
  editTo: string;
  deleteTo: string;
}) {
  return (
    <li
      data-testid={`block-${b.key}`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex gap-3">
        {b.imageUrl && (
          <img src={b.imageUrl} alt="" className="h-16 w-24 shrink-0 rounded-md object-cover" />
        )}
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900 dark:text-white">{b.title}</h3>
          <p className="text-xs break-all text-slate-600 dark:text-slate-400">
            Key: {b.key}
            {!b.active && " · off the site"}
            {drafted && " · unpublished draft"}
          </p>
        </div>
      </div>
      <p className="text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
        {b.content}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        <RowLink to={editTo} icon="pencil" label={`Edit block ${b.key}`} className={adminButton}>
          Edit
        </RowLink>
        <RowLink to={deleteTo} icon="trash" label={`Delete block ${b.key}`} className={adminButton}>
          Delete
        </RowLink>
      </div>
    </li>
  );
}
