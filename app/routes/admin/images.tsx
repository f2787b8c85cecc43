import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { Icon } from "#app/components/ui/icons.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import {
  cleanAltText,
  deleteImage,
  findImageUsages,
  listImages,
  updateAltText,
  uploadImage,
} from "#app/domain/media/media.server.ts";
import {
  ALT_TEXT_MAX,
  DELETE_IMAGE_CONFIRM,
  EMPTY_GALLERY,
  formatKB,
  IMAGE_ACCEPT,
  IMAGE_URL_COPIED,
  type MediaImage,
} from "#app/domain/media/media.ts";
import { parseId } from "#app/platform/http.server.ts";
import { UploadError } from "#app/platform/uploads/multipart.server.ts";
import type { Route } from "./+types/images";

export const meta: Route.MetaFunction = () => [
  { title: "Image Gallery | Admin | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const images = await listImages(services.db);
  return { images, usages: await findImageUsages(services.db, images) };
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string; intent: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const fail = (intent: string, error: string, status: number) =>
    data<ActionResult>({ ok: false, error, intent }, status);

  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    try {
      await uploadImage(services, request, actor);
    } catch (error) {
      if (error instanceof UploadError) return fail("upload", error.message, error.status);
      throw error;
    }
    await services.invalidatePages();
    return data<ActionResult>({ ok: true, message: "Image uploaded successfully" });
  }

  const form = await request.formData().catch(() => null);
  const intent = String(form?.get("intent") ?? "");
  const id = parseId(String(form?.get("id") ?? ""));
  if (intent === "alt") {
    const alt = cleanAltText(form?.get("altText") ?? "");
    if (!alt.ok) return fail(intent, alt.error, 400);
    if (!id || !(await updateAltText(services.db, id, alt.value, actor))) {
      return fail(intent, "That image no longer exists.", 404);
    }
    await services.invalidatePages();
    return data<ActionResult>({ ok: true, message: "Alt text saved" });
  }
  if (intent === "delete") {
    if (!id || !(await deleteImage(services, id, actor))) {
      return fail(intent, "That image no longer exists.", 404);
    }
    await services.invalidatePages();
    return data<ActionResult>({ ok: true, message: "Image deleted" });
  }
  return fail(intent, "Unknown action.", 400);
}

const button =
  "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";
const primary =
  "inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60";
const input =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export default function ImagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { images, usages } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [notice, setNotice] = useState("");
  const selected = images.find((i) => String(i.id) === searchParams.get("image"));

  const details = selected ? (
    <ImageDetails
      key={selected.id}
      image={selected}
      usage={usages[selected.id]}
      onNotice={setNotice}
    />
  ) : null;

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Image Gallery
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Images for slides, projects and pages. JPG, PNG, GIF or WebP, up to 10 MB.
      </p>
      <UploadForm actionData={actionData} onNotice={setNotice} />
      <p
        role="status"
        aria-live="polite"
        className="mt-3 min-h-6 text-sm font-medium text-green-800 dark:text-green-300"
      >
        {notice}
      </p>

      {!hydrated && details && (
        <section
          aria-labelledby="image-details"
          className="mt-4 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="image-details" className="mb-4 text-2xl font-bold">
            Image Details
          </h2>
          {details}
        </section>
      )}
      {hydrated && (
        <Modal
          open={Boolean(selected)}
          onClose={() => navigate("/admin/images", { preventScrollReset: true })}
          title="Image Details"
        >
          {details}
        </Modal>
      )}

      {images.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {EMPTY_GALLERY}
        </p>
      ) : (
        <ul
          className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          aria-label="Images"
        >
          {images.map((image) => (
            <ImageCard key={image.id} image={image} usage={usages[image.id]} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </>
  );
}

function UploadForm({
  actionData,
  onNotice,
}: {
  actionData: ActionResult | undefined;
  onNotice: (text: string) => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      formRef.current?.reset();
      onNotice(fetcher.data.message);
    }
  }, [fetcher.state, fetcher.data, onNotice]);
  const error = result && !result.ok && result.intent === "upload" ? result.error : "";
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:border-slate-800 dark:bg-slate-900"
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
          className={input}
        />
      </div>
      <div>
        <label
          htmlFor="upload-alt"
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Alt text
        </label>
        <input
          id="upload-alt"
          type="text"
          name="altText"
          maxLength={ALT_TEXT_MAX}
          className={input}
        />
      </div>
      <button type="submit" className={primary} disabled={busy}>
        <Icon name="upload" className="size-4" aria-hidden="true" />
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

function absoluteUrl(url: string) {
  return typeof window === "undefined" ? url : new URL(url, window.location.origin).href;
}

function useCopy(onNotice: (text: string) => void) {
  return async (url: string) => {
    try {
      await navigator.clipboard.writeText(absoluteUrl(url));
      onNotice(IMAGE_URL_COPIED);
    } catch {
      onNotice(`Copy failed. The URL is ${absoluteUrl(url)}`);
    }
  };
}

function confirmText(usage: string[] | undefined) {
  return usage?.length
    ? `${DELETE_IMAGE_CONFIRM}\n\nIt is still used by: ${usage.join(", ")}. Those places will show no image.`
    : DELETE_IMAGE_CONFIRM;
}

function DeleteButton({
  image,
  usage,
  onDone,
}: {
  image: MediaImage;
  usage?: string[];
  onDone?: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone?.();
  }, [fetcher.state, fetcher.data, onDone]);
  return (
    <fetcher.Form
      method="post"
      action="/admin/images"
      onSubmit={(e) => {
        if (!window.confirm(confirmText(usage))) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={image.id} />
      <button
        type="submit"
        className={button}
        disabled={fetcher.state !== "idle"}
        aria-label={`Delete ${image.originalName}`}
      >
        <Icon name="trash" className="size-4" aria-hidden="true" />
        Delete
      </button>
    </fetcher.Form>
  );
}

function UsageWarning({ usage }: { usage?: string[] }) {
  if (!usage?.length) return null;
  return (
    <p className="flex gap-1.5 text-xs text-amber-800 dark:text-amber-300">
      <Icon name="triangle-exclamation-point" className="size-4 shrink-0" aria-hidden="true" />
      <span>In use: {usage.join(", ")}</span>
    </p>
  );
}

function ImageCard({
  image,
  usage,
  onNotice,
}: {
  image: MediaImage;
  usage?: string[];
  onNotice: (text: string) => void;
}) {
  const copy = useCopy(onNotice);
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
        <p className="text-sm text-slate-600 dark:text-slate-400">{formatKB(image.size)}</p>
        <UsageWarning usage={usage} />
        <div className="flex flex-wrap gap-2">
          {hydrated && (
            <button
              type="button"
              className={button}
              onClick={() => copy(image.url)}
              aria-label={`Copy URL of ${image.originalName}`}
            >
              <Icon name="copy" className="size-4" aria-hidden="true" />
              Copy URL
            </button>
          )}
          <Link
            to={`?image=${image.id}`}
            className={button}
            preventScrollReset
            aria-label={`Details of ${image.originalName}`}
          >
            <Icon name="info" className="size-4" aria-hidden="true" />
            Details
          </Link>
          <DeleteButton image={image} usage={usage} />
        </div>
      </div>
    </li>
  );
}

function ImageDetails({
  image,
  usage,
  onNotice,
}: {
  image: MediaImage;
  usage?: string[];
  onNotice: (text: string) => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const copy = useCopy(onNotice);
  const saved = fetcher.state === "idle" && fetcher.data?.ok;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : "";
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
        <dd>{formatKB(image.size)}</dd>
        <dt className="font-medium">Type</dt>
        <dd>{image.mimeType}</dd>
        <dt className="font-medium">Dimensions</dt>
        <dd>
          {image.width} × {image.height} px
        </dd>
        <dt className="font-medium">Uploaded</dt>
        <dd>{formatDate(image.createdAt)}</dd>
      </dl>
      <UsageWarning usage={usage} />
      <fetcher.Form method="post" action="/admin/images" className="space-y-2">
        <input type="hidden" name="intent" value="alt" />
        <input type="hidden" name="id" value={image.id} />
        <label htmlFor="detail-alt" className="block text-sm font-medium">
          Alt text
        </label>
        <input
          id="detail-alt"
          name="altText"
          type="text"
          defaultValue={image.altText}
          maxLength={ALT_TEXT_MAX}
          aria-invalid={error ? true : undefined}
          className={input}
        />
        <div className="flex items-center gap-3">
          <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
            Save Alt Text
          </button>
          <span role="status" className="text-sm text-green-800 dark:text-green-300">
            {saved ? "Alt text saved" : ""}
          </span>
          {error && (
            <span role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </span>
          )}
        </div>
      </fetcher.Form>
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <button type="button" className={button} onClick={() => copy(image.url)}>
          <Icon name="copy" className="size-4" aria-hidden="true" />
          Copy URL
        </button>
        <DeleteButton
          image={image}
          usage={usage}
          onDone={() => navigate("/admin/images", { preventScrollReset: true })}
        />
      </div>
    </div>
  );
}
