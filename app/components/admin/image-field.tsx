// An image chooser inside a staff form: preview, upload with real progress, the media library,
// "Remove image"; it posts the chosen URL under `name`. Without JavaScript: a URL text field.

import { useEffect, useId, useRef, useState } from "react";
import { useFieldValue } from "#app/components/admin/admin-form.tsx";
import { adminButton } from "#app/components/admin/buttons.ts";
import { FieldMessage } from "#app/components/admin/form-fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import {
  IMAGE_ACCEPT,
  isImageUrl,
  type MediaImage,
  UPLOAD_FAILED,
} from "#app/domain/media/media.ts";

const UPLOAD_URL = "/api/admin/upload-image";

export function ImageField(props: {
  name: string;
  label: string;
  defaultValue?: string;
  description?: string;
}) {
  const { name, label, defaultValue = "", description } = props;
  const hydrated = useHydrated();
  const id = useId();
  const [url, setUrl] = useState(defaultValue);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState("");
  const [libraryOpen, setLibraryOpen] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => xhrRef.current?.abort(), []);

  function upload(file: File) {
    setError("");
    setProgress(0);
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open("POST", UPLOAD_URL);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    };
    const fail = (reason: string) => {
      setProgress(null);
      setError(reason);
    };
    xhr.onload = () => {
      const body = xhr.response as { location?: string; error?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.location) {
        setProgress(100);
        setUrl(body.location);
        setTimeout(() => setProgress(null), 500);
      } else {
        fail(body?.error ?? `HTTP ${xhr.status}`);
      }
    };
    xhr.onerror = () => fail("Network error");
    const form = new FormData();
    form.append("image", file);
    xhr.send(form);
  }

  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <fieldset
      aria-labelledby={`${id}-label`}
      className="rounded-lg border border-slate-300 p-4 dark:border-slate-600"
    >
      <label
        id={`${id}-label`}
        htmlFor={id}
        className="block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        {label}
      </label>
      {description && (
        <p id={descriptionId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {description}
        </p>
      )}
      <input
        id={id}
        type="text"
        name={name}
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        inputMode="url"
        placeholder="Upload, choose from the library, or paste an address"
        aria-describedby={descriptionId}
        data-testid="image-url"
        className="mt-1.5 mb-3 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      />
      <div className="flex flex-wrap items-start gap-4">
        <div className="flex h-24 w-40 items-center justify-center overflow-hidden rounded-md bg-slate-100 dark:bg-slate-800">
          {/* Only an address an image can have: text being typed is no request to the site. */}
          {isImageUrl(url) ? (
            <img src={url} alt={`Preview of ${label}`} className="h-full w-full object-cover" />
          ) : (
            <Icon name="image" className="size-8 text-slate-400" />
          )}
        </div>
        {/* Without JavaScript the address field above is the whole control. */}
        <div className="min-w-0 flex-1 space-y-2" hidden={!hydrated}>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={adminButton}
              disabled={progress !== null}
              onClick={() => fileRef.current?.click()}
              aria-describedby={descriptionId}
            >
              <Icon name="upload" className="size-4" />
              Upload
            </button>
            <input
              ref={fileRef}
              type="file"
              accept={IMAGE_ACCEPT}
              aria-label={`${label}: image file`}
              tabIndex={-1}
              className="hidden"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = "";
                if (file) upload(file);
              }}
            />
            <button type="button" className={adminButton} onClick={() => setLibraryOpen(true)}>
              <Icon name="library" className="size-4" />
              Choose from library
            </button>
            {url && (
              <button
                type="button"
                className={adminButton}
                onClick={() => {
                  setUrl("");
                  setError("");
                }}
              >
                <Icon name="trash" className="size-4" />
                Remove image
              </button>
            )}
          </div>
          {progress !== null && (
            <div className="flex items-center gap-2">
              <progress
                max={100}
                value={progress}
                aria-label="Upload progress"
                className="h-2 w-48 accent-brand-600"
              />
              <span className="text-xs text-slate-700 dark:text-slate-300">{progress}%</span>
            </div>
          )}
          {error && (
            <div role="alert" className="text-sm text-red-700 dark:text-red-400">
              <p>{UPLOAD_FAILED}</p>
              {error !== UPLOAD_FAILED && <p>{error}</p>}
            </div>
          )}
        </div>
      </div>
      {libraryOpen && (
        <LibraryDialog
          onClose={() => setLibraryOpen(false)}
          onChoose={(image) => {
            setUrl(image.url);
            setError("");
            setLibraryOpen(false);
          }}
        />
      )}
    </fieldset>
  );
}

/**
 * The media library picker: its own modal <dialog> (a nested one: its close and key events stop
 * here so the form's dialog around it stays open).
 */
function LibraryDialog({
  onClose,
  onChoose,
}: {
  onClose: () => void;
  onChoose: (image: MediaImage) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, setState] = useState<
    | { status: "loading" }
    | { status: "error"; error: string }
    | { status: "ok"; images: MediaImage[] }
  >({ status: "loading" });

  useEffect(() => {
    ref.current?.showModal();
    const controller = new AbortController();
    fetch("/api/images", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (res) => {
        const body = await res.json().catch(() => null);
        if (!res.ok) throw new Error(body?.error ?? `HTTP ${res.status}`);
        setState({ status: "ok", images: body as MediaImage[] });
      })
      .catch((e: Error) => {
        if (!controller.signal.aborted) {
          setState({
            status: "error",
            error: e.message === "Failed to fetch" ? "Network error" : e.message,
          });
        }
      });
    return () => controller.abort();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={(e) => {
        e.stopPropagation();
        onClose();
      }}
      onKeyDown={(e) => e.stopPropagation()}
      onClick={(e) => {
        e.stopPropagation();
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
      className="m-auto w-[min(44rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/70 dark:bg-slate-900 dark:text-slate-200"
    >
      <div className="max-h-[85dvh] overflow-y-auto p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
            Choose from library
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={() => ref.current?.close()}
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <Icon name="x" className="size-5" />
          </button>
        </div>
        {state.status === "loading" && <p role="status">Loading images...</p>}
        {state.status === "error" && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {state.error}
          </p>
        )}
        {state.status === "ok" && state.images.length === 0 && (
          <p>No images uploaded yet. Upload one, or add images in the Image Gallery.</p>
        )}
        {state.status === "ok" && state.images.length > 0 && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {state.images.map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={() => onChoose(image)}
                  className="block w-full overflow-hidden rounded-lg border border-slate-200 text-left hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700"
                >
                  <img
                    src={image.variants[0]?.url ?? image.url}
                    alt=""
                    className="h-24 w-full object-cover"
                    loading="lazy"
                  />
                  <span className="block truncate px-2 py-1 text-xs">
                    <span className="sr-only">Choose </span>
                    {image.originalName}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </dialog>
  );
}

/** An image chooser inside an <AdminForm>: its value and its message come from the form. */
export function FormImage({
  name,
  label,
  description,
  alert,
}: {
  name: string;
  label: string;
  description?: string;
  /** false: its message is plain text (the form's summary is the alert). */
  alert?: boolean;
}) {
  return (
    <>
      <ImageField
        name={name}
        label={label}
        defaultValue={useFieldValue(name)}
        description={description}
      />
      <FieldMessage name={name} alert={alert} />
    </>
  );
}
