import { useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useFetcher,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "react-router";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import type { HeroSlide } from "#app/domain/content/content.schema.ts";
import {
  createSlide,
  deleteSlide,
  listAllSlides,
  moveSlide,
  parseSlide,
  reorderSlides,
  type SlideFieldErrors,
  setSlideActive,
  slideFromForm,
  updateSlide,
} from "#app/domain/content/slides.server.ts";
import { parseId } from "#app/platform/http.server.ts";
import type { Route } from "./+types/slides";

export const meta: Route.MetaFunction = () => [
  { title: "Hero Slider | Admin | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

const DELETE_SLIDE_CONFIRM = "Are you sure you want to delete this slide?";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  return { slides: await listAllSlides(services.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return data({ ok: false as const, error: "The form could not be read." }, 400);
  const intent = form.get("intent");
  const id = parseId(String(form.get("id") ?? ""));
  const db = services.db;
  const notFound = () => data({ ok: false as const, error: "That slide no longer exists." }, 404);
  const done = async () => {
    await services.invalidatePages();
    return { ok: true as const };
  };

  switch (intent) {
    case "create":
    case "update": {
      const parsed = parseSlide(slideFromForm(form));
      if (!parsed.ok) {
        return data(
          {
            ok: false as const,
            error: "Please correct the highlighted fields.",
            errors: parsed.errors,
            values: Object.fromEntries([...form].map(([k, v]) => [k, String(v)])),
          },
          400,
        );
      }
      if (intent === "create") await createSlide(db, parsed.value, actor);
      else if (!id || !(await updateSlide(db, id, parsed.value, actor))) return notFound();
      await services.invalidatePages();
      throw redirect("/admin/slides");
    }
    case "delete":
      if (!id || !(await deleteSlide(db, id, actor))) return notFound();
      return done();
    case "toggle": {
      const active = form.get("isActive") === "true";
      if (!id || !(await setSlideActive(db, id, active, actor))) return notFound();
      return done();
    }
    case "move": {
      const direction = form.get("direction");
      if (!id || (direction !== "up" && direction !== "down")) {
        return data({ ok: false as const, error: "Choose a slide and a direction." }, 400);
      }
      if (!(await moveSlide(db, id, direction, actor))) {
        return data({ ok: false as const, error: "That slide cannot move further." }, 400);
      }
      return done();
    }
    case "reorder": {
      const ids = String(form.get("ids") ?? "")
        .split(",")
        .map((s) => parseId(s.trim()));
      if (ids.some((i) => i === null) || !(await reorderSlides(db, ids as number[], actor))) {
        return data({ ok: false as const, error: "The order must list every slide once." }, 400);
      }
      return done();
    }
    default:
      return data({ ok: false as const, error: "Unknown action." }, 400);
  }
}

const button =
  "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";
const primary =
  "inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export default function SlidesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { slides } = loaderData;
  const [searchParams] = useSearchParams();
  const editing = searchParams.get("slide");
  const slide =
    editing && editing !== "new" ? slides.find((s) => String(s.id) === editing) : undefined;
  const editorOpen = editing === "new" || Boolean(slide);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [order, setOrder] = useState<number[] | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const reorder = useFetcher();
  const failure = actionData && !actionData.ok && !("errors" in actionData) ? actionData.error : "";

  const shown = order
    ? order.map((id) => slides.find((s) => s.id === id)).filter((s): s is HeroSlide => Boolean(s))
    : slides;

  const editor = editorOpen ? (
    <SlideEditor
      key={editing}
      slide={slide}
      errors={
        actionData && "errors" in actionData ? (actionData.errors as SlideFieldErrors) : undefined
      }
      values={
        actionData && "values" in actionData
          ? (actionData.values as Record<string, string>)
          : undefined
      }
    />
  ) : null;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            Hero Slider
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            The slides at the top of the home page, in this order. Drag a slide or use its arrow
            buttons to reorder.
          </p>
        </div>
        <Link to="?slide=new" className={primary}>
          <Icon name="plus" className="size-4" aria-hidden="true" />
          Add New Slide
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

      {!hydrated && editor && (
        <section
          aria-labelledby="slide-editor"
          className="mt-6 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="slide-editor" className="mb-4 text-2xl font-bold text-slate-900 dark:text-white">
            {slide ? "Edit Hero Slide" : "Add New Hero Slide"}
          </h2>
          {editor}
        </section>
      )}
      {hydrated && (
        <Modal
          open={editorOpen}
          onClose={() => navigate("/admin/slides", { preventScrollReset: true })}
          title={slide ? "Edit Hero Slide" : "Add New Hero Slide"}
        >
          {editor}
        </Modal>
      )}

      {slides.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <p className="text-slate-700 dark:text-slate-300">
            No slides yet. The home page shows its welcome hero.
          </p>
          <Link to="?slide=new" className={`${primary} mt-4`}>
            Create Your First Slide
          </Link>
        </div>
      ) : (
        <ol className="mt-8 space-y-3" aria-label="Slides">
          {shown.map((s, index) => (
            <li
              key={s.id}
              draggable={hydrated}
              onDragStart={(e) => {
                setDragged(s.id);
                e.dataTransfer.effectAllowed = "move";
              }}
              onDragOver={(e) => {
                if (dragged === null || dragged === s.id) return;
                e.preventDefault();
                const ids = shown.map((x) => x.id).filter((x) => x !== dragged);
                ids.splice(index, 0, dragged);
                setOrder(ids);
              }}
              onDragEnd={() => {
                if (order && order.join() !== slides.map((x) => x.id).join()) {
                  reorder.submit({ intent: "reorder", ids: order.join(",") }, { method: "post" });
                }
                setDragged(null);
                setOrder(null);
              }}
              onDrop={(e) => e.preventDefault()}
              data-testid={`slide-${s.id}`}
              className={`flex flex-wrap items-center gap-4 rounded-xl border bg-white p-4 dark:bg-slate-900 ${dragged === s.id ? "border-brand-500 opacity-70" : "border-slate-200 dark:border-slate-800"}`}
            >
              <Icon
                name="grip-vertical"
                className="size-5 cursor-grab text-slate-400"
                aria-hidden="true"
              />
              <span className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-sm font-bold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                {index + 1}
              </span>
              <div className="h-16 w-28 overflow-hidden rounded-md bg-slate-100 dark:bg-slate-800">
                {s.backgroundImage && (
                  <img src={s.backgroundImage} alt="" className="h-full w-full object-cover" />
                )}
              </div>
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold text-slate-900 dark:text-white">
                  {s.title}{" "}
                  <span
                    className={`ml-2 rounded-full px-2 py-0.5 text-xs font-medium ${s.isActive ? "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200" : "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200"}`}
                  >
                    {s.isActive ? "Active" : "Inactive"}
                  </span>
                </h2>
                {s.subtitle && (
                  <p className="text-sm text-slate-700 dark:text-slate-300">{s.subtitle}</p>
                )}
                {s.description && (
                  <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">
                    {s.description}
                  </p>
                )}
                {(s.buttonText || s.buttonLink) && (
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Button: {s.buttonText || "(no text)"} → {s.buttonLink || "(no link)"}
                  </p>
                )}
              </div>
              <SlideActions slide={s} first={index === 0} last={index === shown.length - 1} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function SlideActions({ slide, first, last }: { slide: HeroSlide; first: boolean; last: boolean }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const label = `slide ${slide.title}`;
  return (
    <div className="flex flex-wrap gap-2">
      <fetcher.Form method="post" className="contents">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={slide.id} />
        <button
          type="submit"
          name="direction"
          value="up"
          className={button}
          disabled={first || busy}
          aria-label={`Move ${label} up`}
        >
          <Icon name="arrow-up" className="size-4" aria-hidden="true" />
        </button>
        <button
          type="submit"
          name="direction"
          value="down"
          className={button}
          disabled={last || busy}
          aria-label={`Move ${label} down`}
        >
          <Icon name="arrow-down" className="size-4" aria-hidden="true" />
        </button>
      </fetcher.Form>
      <fetcher.Form method="post" className="contents">
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="id" value={slide.id} />
        <input type="hidden" name="isActive" value={slide.isActive ? "false" : "true"} />
        <button
          type="submit"
          className={button}
          disabled={busy}
          aria-label={`${slide.isActive ? "Deactivate" : "Activate"} ${label}`}
        >
          {slide.isActive ? "Deactivate" : "Activate"}
        </button>
      </fetcher.Form>
      <Link
        to={`?slide=${slide.id}`}
        className={button}
        aria-label={`Edit ${label}`}
        preventScrollReset
      >
        <Icon name="pencil" className="size-4" aria-hidden="true" />
        Edit
      </Link>
      <fetcher.Form
        method="post"
        className="contents"
        onSubmit={(e) => {
          if (!window.confirm(DELETE_SLIDE_CONFIRM)) e.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={slide.id} />
        <button type="submit" className={button} disabled={busy} aria-label={`Delete ${label}`}>
          <Icon name="trash" className="size-4" aria-hidden="true" />
          Delete
        </button>
      </fetcher.Form>
    </div>
  );
}

function SlideEditor({
  slide,
  errors,
  values,
}: {
  slide?: HeroSlide;
  errors?: SlideFieldErrors;
  values?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") !== undefined;
  const value = (name: keyof HeroSlide) => values?.[name] ?? String(slide?.[name] ?? "");
  const field = (
    name: keyof HeroSlide,
    label: string,
    options: { required?: boolean; textarea?: boolean } = {},
  ) => {
    const id = `slide-${name}`;
    const error = errors?.[name as keyof SlideFieldErrors];
    const common = {
      id,
      name,
      defaultValue: value(name),
      required: options.required,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
      className:
        "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white",
    };
    return (
      <div>
        <label
          htmlFor={id}
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {label}
          {options.required && <span aria-hidden="true"> *</span>}
        </label>
        {options.textarea ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <Form method="post" action="/admin/slides" className="space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value={slide ? "update" : "create"} />
      {slide && <input type="hidden" name="id" value={slide.id} />}
      {errors?.form && (
        <p role="alert" className="text-red-700">
          {errors.form}
        </p>
      )}
      {field("title", "Title", { required: true })}
      {field("subtitle", "Subtitle")}
      {field("description", "Description", { textarea: true })}
      <ImageField
        name="backgroundImage"
        label="Background Image"
        defaultValue={value("backgroundImage")}
        description="Upload an image (JPG, PNG, GIF or WebP), or choose one from the library."
      />
      {errors?.backgroundImage && (
        <p className="text-sm text-red-700 dark:text-red-400">{errors.backgroundImage}</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("buttonText", "Button Text")}
        {field("buttonLink", "Button Link")}
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          name="isActive"
          value="true"
          defaultChecked={values ? values.isActive === "true" : (slide?.isActive ?? true)}
          className="size-4"
        />
        Active (shown on the home page)
      </label>
      <div className="flex justify-end gap-3 pt-2">
        <Link to="/admin/slides" className={button} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={primary} disabled={saving}>
          {slide ? "Update Slide" : "Create Slide"}
        </button>
      </div>
    </Form>
  );
}
