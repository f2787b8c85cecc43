// The Image Gallery's parts: an image's card in the grid and its details (with the alt text
// form), their Copy URL and Delete buttons, and the warning that an image is still in use.

import { Icon } from "#app/components/ui/icons.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { When } from "#app/components/ui/when.tsx";
import {
  ALT_TEXT_MAX,
  DELETE_IMAGE_CONFIRM,
  formatFileSize,
  IMAGE_URL_COPIED,
  type MediaImage,
  NEEDS_ALT,
  needsAltText,
} from "#app/domain/media/media.ts";
import type { ActionFailure } from "#app/web/form-action.server.ts";
import { AdminForm, FormActions, useRecordBusy } from "./admin-form.tsx";
import { adminButton } from "./buttons.ts";
import { ConfirmButton } from "./confirm-button.tsx";
import { FormText } from "./form-fields.tsx";
import { RowLink } from "./screen.tsx";

type OnNotice = (notice: { message?: string; error?: string }) => void;

function absoluteUrl(url: string) {
  return typeof window === "undefined" ? url : new URL(url, window.location.origin).href;
}

/** Copies the image's full address and says so in the screen's status line. */
function CopyButton({
  image,
  label,
  onNotice,
}: {
  image: MediaImage;
  label?: string;
  onNotice: OnNotice;
}) {
  const copy = async () => {
    const url = absoluteUrl(image.url);
    try {
      await navigator.clipboard.writeText(url);
      onNotice({ message: IMAGE_URL_COPIED });
    } catch {
      onNotice({ message: `Copy failed. The URL is ${url}` });
    }
  };
  return (
    <button type="button" className={adminButton} onClick={copy} aria-label={label}>
      <Icon name="copy" className="size-4" />
      Copy URL
    </button>
  );
}

/** Delete, after the browser's question (which names where the image is still used). */
function DeleteButton({
  image,
  usage,
  action,
}: {
  image: MediaImage;
  usage?: string[];
  action: string;
}) {
  const question = usage?.length
    ? `${DELETE_IMAGE_CONFIRM}\n\nIt is still used by: ${usage.join(", ")}. Those places will show no image.`
    : DELETE_IMAGE_CONFIRM;
  return (
    <ConfirmButton
      action={action}
      question={question}
      fields={{ intent: "delete", id: image.id }}
      label={`Delete ${image.originalName}`}
      disabled={useRecordBusy(image.id)}
    >
      Delete
    </ConfirmButton>
  );
}

/** An image without alt text says so, on its card and in its details. */
function AltWarning({ image }: { image: MediaImage }) {
  if (!needsAltText(image)) return null;
  return (
    <p className="flex gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300">
      <Icon name="triangle-exclamation-point" className="size-4 shrink-0" />
      <span>{NEEDS_ALT.warning}</span>
    </p>
  );
}

function UsageWarning({ usage }: { usage?: string[] }) {
  if (!usage?.length) return null;
  return (
    <p className="flex gap-1.5 text-xs text-amber-800 dark:text-amber-300">
      <Icon name="triangle-exclamation-point" className="size-4 shrink-0" />
      <span>In use: {usage.join(", ")}</span>
    </p>
  );
}

export function ImageCard({
  image,
  usage,
  action,
  detailsTo,
  onNotice,
}: {
  image: MediaImage;
  usage?: string[];
  /** Where Delete posts (the screen's address). */
  action: string;
  /** The address that opens the image's details. */
  detailsTo: string;
  onNotice: OnNotice;
}) {
  const hydrated = useHydrated();
  return (
    <li
      className="group overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      data-testid="image-card"
    >
      <img
        src={image.url}
        srcSet={image.srcSet || undefined}
        sizes="(min-width: 1280px) 20vw, (min-width: 640px) 45vw, 100vw"
        alt={image.altText}
        loading="lazy"
        width={image.width}
        height={image.height}
        className="aspect-video w-full bg-slate-100 object-cover dark:bg-slate-800"
      />
      <div className="space-y-2 p-3">
        <p
          className="truncate font-medium text-slate-900 dark:text-white"
          title={image.originalName}
        >
          {image.originalName}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{formatFileSize(image.size)}</p>
        <AltWarning image={image} />
        <UsageWarning usage={usage} />
        <div className="flex flex-wrap gap-2">
          {hydrated && (
            <CopyButton
              image={image}
              label={`Copy URL of ${image.originalName}`}
              onNotice={onNotice}
            />
          )}
          <RowLink
            to={detailsTo}
            icon="info"
            label={`Details of ${image.originalName}`}
            className={adminButton}
          >
            Details
          </RowLink>
          <DeleteButton image={image} usage={usage} action={action} />
        </div>
      </div>
    </li>
  );
}

/** The details dialog's content: the facts, the alt text form, Copy URL and Delete. */
export function ImageDetails({
  image,
  usage,
  action,
  listPath,
  failure,
  saved,
  onNotice,
}: {
  image: MediaImage;
  usage?: string[];
  /** Where the alt text posts (the address with the dialog open). */
  action: string;
  /** Where Delete posts (the list: the dialog closes). */
  listPath: string;
  failure: ActionFailure | null;
  /** The alt text was just saved. */
  saved: boolean;
  onNotice: OnNotice;
}) {
  return (
    <div className="space-y-4">
      <img
        src={image.url}
        alt={image.altText}
        className="max-h-72 w-full rounded-lg bg-slate-100 object-contain dark:bg-slate-800"
      />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">URL</dt>
        <dd className="break-all">
          <a href={image.url} className="text-brand-700 underline dark:text-brand-300">
            {absoluteUrl(image.url)}
          </a>
        </dd>
        <dt className="font-medium">File name</dt>
        <dd>{image.originalName}</dd>
        <dt className="font-medium">Size</dt>
        <dd>{formatFileSize(image.size)}</dd>
        <dt className="font-medium">Type</dt>
        <dd>{image.mimeType}</dd>
        <dt className="font-medium">Dimensions</dt>
        <dd>
          {image.width} × {image.height} px
        </dd>
        <dt className="font-medium">Uploaded</dt>
        <dd>
          <When at={image.createdAt} />
        </dd>
      </dl>
      <AltWarning image={image} />
      <UsageWarning usage={usage} />
      <AdminForm
        action={action}
        intent="alt"
        id={image.id}
        failure={failure}
        defaults={{ altText: image.altText }}
        className="space-y-2"
      >
        <FormText label="Alt text" name="altText" maxLength={ALT_TEXT_MAX} hint={NEEDS_ALT.hint} />
        <div className="flex flex-wrap items-center gap-3">
          <FormActions submit="Save Alt Text" className="contents" />
          <p role="status" className="text-sm text-green-800 dark:text-green-300">
            {saved ? "Alt text saved" : ""}
          </p>
        </div>
      </AdminForm>
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <CopyButton image={image} onNotice={onNotice} />
        <DeleteButton image={image} usage={usage} action={listPath} />
      </div>
    </div>
  );
}
