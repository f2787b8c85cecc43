// A course material posted from a cohort's Classes screen (issue 46): one multipart form with a
// title, an optional file (streamed into storage and its type sniffed here), a link, an
// optional class and the release day and time in the company's zone. The domain gets the stored
// key and sniffed type; a refused form deletes what was stored.
import { join } from "node:path";
import type { Actor } from "#app/domain/audit/audit.server.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import {
  addMaterial,
  MATERIALS_PREFIX,
  type NewMaterial,
} from "#app/domain/training/materials.server.ts";
import { wallClockInstant } from "#app/platform/calendar/calendar.server.ts";
import { isCalendarDate } from "#app/platform/calendar-date.ts";
import type { AppServices } from "#app/platform/context.ts";
import { failure, type Reason, type Result } from "#app/platform/result.ts";
import { parseId } from "./http.server.ts";
import {
  discardUploads,
  parseMultipart,
  UploadError,
  type UploadLimits,
} from "./multipart.server.ts";

const MB = 1024 * 1024;

/** What a course material may be: documents, slides, spreadsheets, archives and pictures. */
export const materialUploadLimits: UploadLimits = {
  maxFiles: 1,
  maxFileBytes: 25 * MB,
  maxFieldBytes: 4000,
  maxFields: 20,
  maxImagePixels: 40_000_000,
  allowed: [
    { extensions: [".pdf"], mime: "application/pdf", image: false, label: "PDF" },
    {
      extensions: [".docx"],
      mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      image: false,
      label: "Word (.docx)",
    },
    {
      extensions: [".pptx"],
      mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      image: false,
      label: "PowerPoint (.pptx)",
    },
    {
      extensions: [".xlsx"],
      mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      image: false,
      label: "Excel (.xlsx)",
    },
    { extensions: [".zip"], mime: "application/zip", image: false, label: "ZIP" },
    { extensions: [".jpg", ".jpeg"], mime: "image/jpeg", image: true, label: "JPG" },
    { extensions: [".png"], mime: "image/png", image: true, label: "PNG" },
  ],
  fileField: "file",
};

/** An upload's refusal in the failure's words (its status comes back from them). */
const UPLOAD_REASONS: Record<number, Reason> = {
  413: "too-large",
  415: "unsupported",
  507: "no-space",
};

/** The fields as posted, to show the form again after a refusal. */
export type MaterialValues = Record<string, string>;

/**
 * Reads the posted material, stores its file and adds it; answers the new id, or why not with
 * the values to show again. An upload refused by its type or size is a Failure too.
 */
export async function receiveMaterial(
  request: Request,
  services: Pick<AppServices, "db" | "storage" | "env" | "logger">,
  actor: Actor & { user: { id: number } },
  ids: { courseId: number; cohortId: number },
): Promise<{ result: Result<number>; values: MaterialValues }> {
  let parsed: Awaited<ReturnType<typeof parseMultipart>>;
  try {
    parsed = await parseMultipart(
      request,
      services.storage,
      materialUploadLimits,
      MATERIALS_PREFIX,
      join(services.env.DATA_DIR, "tmp"),
    );
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    const values = Object.fromEntries([...error.fields].map(([k, v]) => [k, v[0] ?? ""]));
    const reason = UPLOAD_REASONS[error.status] ?? "invalid";
    return { result: failure(reason, error.message, { file: error.message }), values };
  }
  const values = Object.fromEntries([...parsed.fields].map(([k, v]) => [k, v[0] ?? ""]));
  const [file] = parsed.files;
  const day = values.releaseDay ?? "";
  const time = values.releaseTime || "00:00";
  const zone = await getTimeZone(services.db);
  const input: NewMaterial = {
    title: values.title ?? "",
    file: file
      ? {
          key: file.objectKey,
          name: file.originalName,
          contentType: file.mimeType,
          size: file.size,
        }
      : null,
    url: (values.url ?? "").trim(),
    sessionId: values.sessionId ? (parseId(values.sessionId) ?? -1) : null,
    releaseAt:
      isCalendarDate(day) && /^([01]\d|2[0-3]):[0-5]\d$/.test(time)
        ? wallClockInstant(day, time, zone)
        : null,
  };
  const result = await addMaterial(services.db, actor, ids, input);
  if (!result.ok && file) {
    await discardUploads(services.storage, parsed.files).catch((error: unknown) => {
      services.logger.error({ err: error }, "could not delete object");
    });
  }
  return { result, values };
}
