// Training and Development: module cards with progress, and videos behind a poster that load
// nothing until the user asks (a click, or the module's address without script).

import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { adminButton, adminPrimary } from "#app/components/admin/buttons.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import type { DashboardData } from "#app/domain/sales/dashboard.server.ts";
import { card } from "./sales-ui.tsx";

type Module = DashboardData["training"][number];

/** A file shipped with the site plays in a <video>; anything else is an external player page. */
const isLocalVideo = (url: string) => /^\/(?!\/)/.test(url);

function VideoPlayer({
  module,
  open,
  onOpen,
}: {
  module: Module;
  open: boolean;
  onOpen: () => void;
}) {
  if (!module.videoUrl) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">No video for this module.</p>;
  }
  if (open) {
    return isLocalVideo(module.videoUrl) ? (
      // biome-ignore lint/a11y/useMediaCaption: the training clips have no spoken words
      <video
        src={module.videoUrl}
        poster={module.posterUrl || undefined}
        controls
        autoPlay
        className="aspect-video w-full rounded-lg bg-slate-950"
        aria-label={`Video: ${module.title}`}
      />
    ) : (
      <iframe
        src={module.videoUrl}
        title={`Video: ${module.title}`}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        className="aspect-video w-full rounded-lg border-0 bg-slate-950"
      />
    );
  }
  // Without script the link asks the server for the page with this module's video.
  return (
    <Link
      to={`?module=${module.id}#module-${module.id}`}
      preventScrollReset
      aria-label={`Play video: ${module.title}`}
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
      className="group relative block aspect-video overflow-hidden rounded-lg bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {module.posterUrl && (
        <img src={module.posterUrl} alt="" className="size-full object-cover" loading="lazy" />
      )}
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex items-center gap-2 rounded-full bg-slate-950/80 px-4 py-2 text-sm font-semibold text-white group-hover:bg-slate-950">
          <Icon name="play" className="size-4" />
          Play video
        </span>
      </span>
    </Link>
  );
}

function ModuleCard({ module, playing }: { module: Module; playing: boolean }) {
  const [open, setOpen] = useState(playing);
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "progress" &&
    navigation.formData?.get("id") === String(module.id);
  const done = module.percent >= 100;
  return (
    <li id={`module-${module.id}`} className={`${card} flex flex-col gap-3 scroll-mt-4`}>
      <VideoPlayer module={module} open={open} onOpen={() => setOpen(true)} />
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-white">{module.title}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{module.duration}</p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{module.description}</p>
      <div>
        <div className="flex justify-between text-sm text-slate-700 dark:text-slate-300">
          <span>Progress</span>
          <span>{module.percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={`${module.title} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={module.percent}
          className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className={`h-full rounded-full ${done ? "bg-green-600" : "bg-brand-600"}`}
            style={{ width: `${module.percent}%` }}
          />
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <Form method="post" preventScrollReset onSubmit={() => setOpen(true)}>
          <input type="hidden" name="intent" value="progress" />
          <input type="hidden" name="id" value={module.id} />
          <input type="hidden" name="step" value="start" />
          <button type="submit" className={adminPrimary} disabled={busy}>
            {done ? "Review Module" : "Continue Training"}
            <span className="sr-only">: {module.title}</span>
          </button>
        </Form>
        {!done && (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="progress" />
            <input type="hidden" name="id" value={module.id} />
            <input type="hidden" name="step" value="complete" />
            <button type="submit" className={adminButton} disabled={busy}>
              <Icon name="circle-check" className="size-4" />
              Mark complete<span className="sr-only">: {module.title}</span>
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}

export function TrainingCards({
  training,
  playing,
}: {
  training: DashboardData["training"];
  playing: number | null;
}) {
  if (training.length === 0) {
    return <p className="mt-3 text-slate-600 dark:text-slate-300">No training modules yet.</p>;
  }
  return (
    <ul className="mt-4 grid gap-4 md:grid-cols-3">
      {training.map((m) => (
        <ModuleCard key={m.id} module={m} playing={playing === m.id} />
      ))}
    </ul>
  );
}
