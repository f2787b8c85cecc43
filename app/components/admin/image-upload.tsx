// The Image Gallery's upload: a file and its alt text, sent by a fetcher (the page stays as it
// is); a refusal shows here, a success in the screen's status line and the form clears.
import { useRef } from "react";
import { useFetcher } from "react-router";
import { inputClass, TextField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { ALT_TEXT_MAX, IMAGE_ACCEPT, NEEDS_ALT } from "#app/domain/media/media.ts";
import type { ActionFailure, ActionResult } from "#app/web/form-action.server.ts";
import { adminPrimary } from "./buttons.ts";
import { panelClass, useFetcherAnswer } from "./screen.tsx";

export function ImageUpload({
  action,
  failure,
  onNotice,
}: {
  /** Where the file posts (the screen's address). */
  action: string;
  /** The refusal of a post without script (the page's answer). */
  failure: ActionFailure | null;
  onNotice: (notice: { message?: string }) => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) formRef.current?.reset();
    // A refusal shows in the form; the status line no longer tells of an earlier success.
    onNotice(answer.ok ? { message: answer.message } : {});
  });
  const result = fetcher.data ?? failure;
  const error = result && !result.ok && result.intent === "upload" ? result.error : "";
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      className={`${panelClass} mt-6 grid gap-4 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-start`}
    >
      <div>
        <label
          htmlFor="upload-image"
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Image file
        </label>
        <input
          id="upload-image"
          type="file"
          name="image"
          accept={IMAGE_ACCEPT}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "upload-error" : undefined}
          className={inputClass}
        />
      </div>
      <TextField label="Alt text" name="altText" maxLength={ALT_TEXT_MAX} hint={NEEDS_ALT.hint} />
      {/* Level with the fields under their labels (the alt text's hint hangs below). */}
      <button type="submit" className={`${adminPrimary} sm:mt-6`} disabled={busy}>
        <Icon name="upload" className="size-4" />
        {busy ? "Uploading..." : "Upload Image"}
      </button>
      {error && (
        <p
          id="upload-error"
          role="alert"
          className="text-sm text-red-700 sm:col-span-3 dark:text-red-400"
        >
          Failed to upload image: {error}
        </p>
      )}
    </fetcher.Form>
  );
}
