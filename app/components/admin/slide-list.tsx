// The Hero Slider's list: the slides in the order visitors see them, reordered by dragging (with
// script) or by each slide's arrow buttons (a form, so also without script). Each change posts
// through a fetcher; its answer goes to the screen's status line. A deletion's fetcher is the
// list's: the deleted slide's row is gone before its answer could be read there.
import { useState } from "react";
import { useFetcher } from "react-router";
import { Icon } from "#app/components/ui/icons.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { HeroSlide } from "#app/domain/content/content.schema.ts";
import { DEFAULT_SLIDE_BUTTON } from "#app/domain/content/slides.ts";
import type { ActionResult } from "#app/web/form-action.server.ts";
import { adminButton } from "./buttons.ts";
import { ConfirmButton } from "./confirm-button.tsx";
import { Badge, badgeStyle, noticeOf, RowLink, useFetcherAnswer } from "./screen.tsx";

const DELETE_SLIDE_CONFIRM = "Are you sure you want to delete this slide?";

type OnNotice = (notice: ReturnType<typeof noticeOf>) => void;

export function SlideList({
  slides,
  drafted = [],
  action,
  editTo,
  onNotice,
}: {
  slides: HeroSlide[];
  /** The slides with an unpublished draft. */
  drafted?: number[];
  /** Where the changes post (the screen's address). */
  action: string;
  /** The address that opens a slide's editor. */
  editTo: (id: number) => string;
  onNotice: OnNotice;
}) {
  const hydrated = useHydrated();
  const [order, setOrder] = useState<number[] | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const reorder = useFetcher<ActionResult>();
  useFetcherAnswer(reorder, (answer) => onNotice(noticeOf(answer)));
  const remove = useFetcher<ActionResult>();
  useFetcherAnswer(remove, (answer) => onNotice(noticeOf(answer)));

  const shown = order
    ? order.map((id) => slides.find((s) => s.id === id)).filter((s): s is HeroSlide => Boolean(s))
    : slides;

  return (
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
              reorder.submit(
                { intent: "reorder", ids: order.join(",") },
                { method: "post", action },
              );
            }
            setDragged(null);
            setOrder(null);
          }}
          onDrop={(e) => e.preventDefault()}
          data-testid={`slide-${s.id}`}
          className={`flex flex-wrap items-center gap-4 rounded-xl border bg-white p-4 dark:bg-slate-900 ${dragged === s.id ? "border-brand-500 opacity-70" : "border-slate-200 dark:border-slate-800"}`}
        >
          <Icon name="grip-vertical" className="size-5 cursor-grab text-slate-400" />
          <span className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-sm font-bold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            {index + 1}
          </span>
          <SlideSummary slide={s} drafted={drafted.includes(s.id)} />
          <SlideActions
            slide={s}
            first={index === 0}
            last={index === shown.length - 1}
            action={action}
            editTo={editTo(s.id)}
            onNotice={onNotice}
            remove={remove}
          />
        </li>
      ))}
    </ol>
  );
}

function SlideSummary({ slide: s, drafted }: { slide: HeroSlide; drafted: boolean }) {
  return (
    <>
      <div className="h-16 w-28 overflow-hidden rounded-md bg-slate-100 dark:bg-slate-800">
        {s.backgroundImage && (
          <img src={s.backgroundImage} alt="" className="h-full w-full object-cover" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-slate-900 dark:text-white">
          {s.title}{" "}
          <Badge
            className={`ml-2 ${s.isActive ? "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200" : "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200"}`}
          >
            {s.isActive ? "Active" : "Inactive"}
          </Badge>
          {drafted && <Badge className={`ml-2 ${badgeStyle.warning}`}>Unpublished draft</Badge>}
        </h2>
        {s.subtitle && <p className="text-sm text-slate-700 dark:text-slate-300">{s.subtitle}</p>}
        {s.description && (
          <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{s.description}</p>
        )}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Button: {s.buttonText || `${DEFAULT_SLIDE_BUTTON} (the default)`} →{" "}
          {s.buttonLink || "opens the inquiry form"}
        </p>
      </div>
    </>
  );
}

function SlideActions({
  slide,
  first,
  last,
  action,
  editTo,
  onNotice,
  remove,
}: {
  slide: HeroSlide;
  first: boolean;
  last: boolean;
  action: string;
  editTo: string;
  onNotice: OnNotice;
  /** The list's deletion fetcher. */
  remove: ReturnType<typeof useFetcher<ActionResult>>;
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherAnswer(fetcher, (answer) => onNotice(noticeOf(answer)));
  const busy =
    fetcher.state !== "idle" ||
    (remove.state !== "idle" && remove.formData?.get("id") === String(slide.id));
  const label = `slide ${slide.title}`;
  const toggle = slide.isActive ? "Deactivate" : "Activate";
  return (
    <div className="flex flex-wrap gap-2">
      <fetcher.Form method="post" action={action} className="contents">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={slide.id} />
        {(["up", "down"] as const).map((direction) => (
          <button
            key={direction}
            type="submit"
            name="direction"
            value={direction}
            className={adminButton}
            disabled={(direction === "up" ? first : last) || busy}
            aria-label={`Move ${label} ${direction}`}
          >
            <Icon name={`arrow-${direction}`} className="size-4" />
          </button>
        ))}
      </fetcher.Form>
      <fetcher.Form method="post" action={action} className="contents">
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="id" value={slide.id} />
        <input type="hidden" name="isActive" value={slide.isActive ? "false" : "true"} />
        <button
          type="submit"
          className={adminButton}
          disabled={busy}
          aria-label={`${toggle} ${label}`}
        >
          {toggle}
        </button>
      </fetcher.Form>
      <RowLink to={editTo} icon="pencil" label={`Edit ${label}`} className={adminButton}>
        Edit
      </RowLink>
      <ConfirmButton
        form={remove.Form}
        action={action}
        question={DELETE_SLIDE_CONFIRM}
        fields={{ intent: "delete", id: slide.id }}
        label={`Delete ${label}`}
        disabled={busy}
      >
        Delete
      </ConfirmButton>
    </div>
  );
}
