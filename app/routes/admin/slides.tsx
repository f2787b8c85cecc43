import { redirect, useSearchParams } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { FormArea, FormCheckbox, FormText } from "#app/components/admin/form-fields.tsx";
import { FormImage } from "#app/components/admin/image-field.tsx";
import {
  AddLink,
  adminMeta,
  EmptyState,
  Notice,
  ScreenHeader,
  useNotice,
} from "#app/components/admin/screen.tsx";
import { SlideList } from "#app/components/admin/slide-list.tsx";
import {
  DraftBase,
  draftMessage,
  ItemEditorDialog,
} from "#app/components/admin/version-status.tsx";
import {
  createSlide,
  deleteSlide,
  listAllSlides,
  moveSlide,
  parseSlide,
  reorderSlides,
  SLIDE_FIELDS,
  setSlideActive,
  slideFromForm,
  slideKind,
} from "#app/domain/content/slides.server.ts";
import { DEFAULT_SLIDE_BUTTON } from "#app/domain/content/slides.ts";
import { HISTORY_NOTICES } from "#app/domain/history/history.ts";
import { editorHistory, saveEditorDraft } from "#app/domain/history/item-state.server.ts";
import { failure } from "#app/platform/result.ts";
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
import { parseId } from "#app/web/http.server.ts";
import type { Route } from "./+types/slides";

export const meta: Route.MetaFunction = () => adminMeta("Hero Slider");

const PATH = "/admin/slides";
const NOT_FOUND = "That slide no longer exists.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const url = new URL(request.url);
  const slides = await listAllSlides(services.db);
  // The slide being edited: its history line, and its draft in the form (decision 0021).
  const editing = parseId(url.searchParams.get("slide"));
  return {
    slides,
    ...(await editorHistory(services.db, slideKind, editing)),
    history: HISTORY_NOTICES[url.searchParams.get("history") ?? ""] ?? null,
    saved: url.searchParams.get("saved") === "draft",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const db = services.db;
  /** After a change the home page shows it. */
  const changed = async (intent: string, message: string) => {
    await services.invalidatePages();
    return done(intent, message);
  };
  const save = async (form: FormData, intent: string) => {
    const parsed = parseSlide(slideFromForm(formValues(form, [...SLIDE_FIELDS, "sortOrder"])));
    if (!parsed.ok) {
      return invalid(
        intent,
        parsed.fieldErrors as Record<string, string>,
        formValues(form, SLIDE_FIELDS),
      );
    }
    const id = postedId(form);
    if (intent === "create") {
      // A new slide is live when it is created active; leave Active off to prepare it quietly.
      await createSlide(db, parsed.value, actor);
      await services.invalidatePages();
      return redirect(PATH);
    }
    // An edit keeps a draft; the history line's Publish makes it live.
    const result = id
      ? await saveEditorDraft(db, slideKind, id, parsed.value, actor, Object.fromEntries(form))
      : failure("not-found", NOT_FOUND);
    if (!result.ok) return fail(intent, result);
    return redirect(`${PATH}?slide=${id}&saved=draft`);
  };
  return handleIntents(request, {
    create: save,
    update: save,
    delete: async (form, intent) => {
      const id = postedId(form);
      if (!id || !(await deleteSlide(db, id, actor))) return fail(intent, NOT_FOUND, 404);
      return changed(intent, "The slide was deleted.");
    },
    toggle: async (form, intent) => {
      const id = postedId(form);
      const active = form.get("isActive") === "true";
      if (!id || !(await setSlideActive(db, id, active, actor)))
        return fail(intent, NOT_FOUND, 404);
      return changed(
        intent,
        active ? "The slide is shown on the home page." : "The slide is hidden from the home page.",
      );
    },
    move: async (form, intent) => {
      const move = postedMove(form);
      if (!move) return fail(intent, "Choose a slide and a direction.");
      const { id, direction } = move;
      if (!(await moveSlide(db, id, direction, actor))) {
        return fail(intent, "That slide cannot move further.");
      }
      return changed(intent, `The slide moved ${direction}.`);
    },
    reorder: async (form, intent) => {
      const ids = String(form.get("ids") ?? "")
        .split(",")
        .map((s) => parseId(s.trim()));
      if (ids.some((i) => i === null) || !(await reorderSlides(db, ids as number[], actor))) {
        return fail(intent, "The order must list every slide once.");
      }
      return changed(intent, "The new order is saved.");
    },
  });
}

export default function SlidesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slides } = loaderData;
  const [searchParams] = useSearchParams();
  const editing = searchParams.get("slide");
  const slide =
    editing && editing !== "new" ? slides.find((s) => String(s.id) === editing) : undefined;
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  const [notice, setNotice] = useNotice(actionData, ["create", "update"]);
  const { state, draft } = loaderData;
  const editTo = (id: number | "new") => addressWith(PATH, {}, { slide: String(id) });

  return (
    <>
      <ScreenHeader
        title="Hero Slider"
        description="The slides at the top of the home page, in this order. Drag a slide or use its arrow buttons to reorder."
        action={<AddLink to={editTo("new")}>Add New Slide</AddLink>}
      />
      <Notice
        {...notice}
        message={
          notice.message ??
          draftMessage(loaderData, "Draft saved. Visitors see the live slide until you publish it.")
        }
      />

      <ItemEditorDialog
        editing={editing}
        item={slide}
        title={{ edit: "Edit Hero Slide", add: "Add New Hero Slide" }}
        closeTo={PATH}
        state={state}
      >
        <AdminForm
          key={editing}
          action={editTo(slide?.id ?? "new")}
          intent={slide ? "update" : "create"}
          id={slide?.id}
          failure={failure}
          defaults={slide ? { ...slide, ...draft } : { isActive: true }}
        >
          <FormText label="Title" name="title" required />
          <FormText label="Subtitle" name="subtitle" />
          <FormArea label="Description" name="description" rows={3} />
          <FormImage
            name="backgroundImage"
            label="Background Image"
            description="Upload an image (JPG, PNG, GIF or WebP), or choose one from the library."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormText
              label="Button Text"
              name="buttonText"
              hint={`Empty: the button says "${DEFAULT_SLIDE_BUTTON}".`}
            />
            <FormText
              label="Button Link"
              name="buttonLink"
              hint="A page such as /contact or a full address. Empty: the button opens the inquiry form."
            />
          </div>
          <FormCheckbox name="isActive" label="Active (shown on the home page)" />
          {slide && <DraftBase liveId={state?.live?.id} />}
          <FormActions submit={slide ? "Save Draft" : "Create Slide"} cancelTo={PATH} />
        </AdminForm>
      </ItemEditorDialog>

      {slides.length === 0 ? (
        <EmptyState action={<AddLink to={editTo("new")}>Create Your First Slide</AddLink>}>
          No slides yet. The home page shows its welcome hero.
        </EmptyState>
      ) : (
        <SlideList
          slides={slides}
          drafted={loaderData.drafted}
          action={PATH}
          editTo={editTo}
          onNotice={setNotice}
        />
      )}
    </>
  );
}
