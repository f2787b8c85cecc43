// The request and answer helpers every JSON door (app/routes/api) and every route module's action
// share: JSON answers in the `{ error }` shape, method checks, bounded body reading, id parsing.
// They know no business: guards live in app/web/guard.server.ts.

import {
  REFUSED_TEXT,
  refusedField,
  refusedJsonPath,
  withoutRefused,
} from "#app/platform/input-text.ts";
import { type Failure, failure, type Reason, type Success, success } from "#app/platform/result.ts";
import { drainBody } from "./request-body.server.ts";

/** The Cache-Control of every answer that is for one visitor only. */
export const NO_STORE = "private, no-store";

/** A JSON answer nobody may cache. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": NO_STORE, ...headers } });

/** The one error shape of every JSON door: `{ error, ...extra }`. */
export const jsonError = (error: string, status: number, extra: Record<string, unknown> = {}) =>
  json({ ...extra, error }, status);

/**
 * The one map from a domain refusal's reason (app/platform/result.ts) to the HTTP status the edge
 * answers it with: the domain never names a status, every route and web helper asks here.
 */
const STATUS_OF: Record<Reason, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  gone: 410,
  "too-large": 413,
  unsupported: 415,
  unprocessable: 422,
  "too-many": 429,
  unavailable: 503,
  "no-space": 507,
};

export const statusOf = (reason: Reason): number => STATUS_OF[reason];

/** A domain refusal as a JSON door's answer: `{ ...extra, error }` with its reason's status. */
export const jsonFailure = (failure: Failure, extra: Record<string, unknown> = {}) =>
  jsonError(failure.error, statusOf(failure.reason), extra);

export const methodNotAllowed = (allow: string) =>
  json({ error: `Use ${allow}.` }, 405, { Allow: allow });

type Verb = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * An API route's action: one handler per verb; any other method answers 405 naming those it
 * takes (GET first when the route's loader answers it: `{ loader: true }`). Call it after the
 * route's guard, so that a stranger learns nothing of the methods.
 */
export function byMethod(
  request: Request,
  handlers: Partial<Record<Verb, () => Response | Promise<Response>>>,
  options: { loader?: boolean } = {},
): Response | Promise<Response> {
  const handler = handlers[request.method as Verb];
  if (handler) return handler();
  const verbs = [...(options.loader ? ["GET"] : []), ...Object.keys(handlers)];
  return methodNotAllowed(verbs.join(", "));
}

/**
 * A door that only takes a POST of a JSON object (the sign-in steps' passkey calls): the body
 * read within `maxBytes` (null when it is not an object), then the handler; any other verb 405.
 */
export function jsonPost(
  request: Request,
  maxBytes: number,
  handler: (body: Record<string, unknown> | null) => Response | Promise<Response>,
): Response | Promise<Response> {
  return byMethod(request, {
    POST: async () => handler(await readJsonObject(request, maxBytes)),
  });
}

export { parseId } from "#app/platform/ids.ts";

/** `attachment` with an ASCII fallback name and the real name in RFC 5987 form. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9._ -]/g, "_").slice(0, 150) || "download";
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The body was longer than the door accepts (413, with a message for the sender). */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(message = "The request is too large.") {
    super(message);
  }
}

/**
 * The whole body, counted as it arrives: past `maxBytes` it stops reading (the rest is drained,
 * so the client still gets the answer) and throws BodyTooLargeError. A Content-Length over the
 * limit is refused before anything is read.
 */
export async function readBody(
  request: Request,
  maxBytes: number,
  tooLarge?: string,
): Promise<Buffer> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) {
    drainBody(request.body);
    throw new BodyTooLargeError(tooLarge);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.releaseLock();
        drainBody(request.body);
        throw new BodyTooLargeError(tooLarge);
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** The bound of a staff form post (admin and sales screens): text fields only. */
export const FORM_MAX_BYTES = 1024 * 1024;

/**
 * A posted field holds text no field accepts (input-text.ts): the door answers 400 with the
 * message on that field. `form` is what was posted, for the form to show again.
 */
export class BadInputError extends Error {
  readonly status = 400;
  readonly field: string;
  readonly form?: FormData;
  constructor(field: string, form?: FormData) {
    super(REFUSED_TEXT);
    this.field = field;
    this.form = form;
  }

  /** What was posted without the refused characters (text fields only). */
  cleaned(): FormData {
    const clean = new FormData();
    for (const [name, value] of this.form ?? []) {
      if (typeof value === "string") clean.append(withoutRefused(name), withoutRefused(value));
    }
    return clean;
  }
}

/** The answer of a JSON door to a body over its limit. */
export const TOO_LARGE = "The request is too large.";

/**
 * An url-encoded (or text-only multipart) form of at most `maxBytes`, or null when the body is
 * not a form. Over the limit it throws BodyTooLargeError (the door answers 413), with refused
 * text in a field BadInputError (400).
 */
export async function readForm(
  request: Request,
  maxBytes = FORM_MAX_BYTES,
): Promise<FormData | null> {
  const body = await readBody(request, maxBytes);
  return formFromBody(request, body, () => null);
}

/** A public text form (an inquiry, a registration, a booking) is small: bigger is refused unread. */
const MAX_TEXT_FORM_BYTES = 64 * 1024;

/** Reads an url-encoded or multipart text form, refusing bodies over MAX_TEXT_FORM_BYTES. */
export async function readSmallForm(request: Request): Promise<FormData> {
  const body = await readBody(
    request,
    MAX_TEXT_FORM_BYTES,
    "Your message is too long. Please shorten it and try again.",
  );
  return formFromBody(request, body, () => new FormData());
}

/**
 * The form in a body already read (its type from the request), checked for refused text
 * (BadInputError); `unreadable` answers when the body is no form.
 */
export async function formFromBody<T>(
  request: Request,
  body: Buffer,
  unreadable: () => T,
): Promise<FormData | T> {
  let form: FormData;
  try {
    form = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return unreadable();
  }
  const field = refusedField(form.entries());
  if (field) throw new BadInputError(field, form);
  return form;
}

/**
 * A JSON body not read: not sent as JSON ("unsupported"), over the bound ("too-large"), not JSON
 * ("invalid"), or holding text the site refuses ("invalid", naming the `field`).
 */
export interface JsonRefusal extends Failure {
  field?: string;
}

export type JsonRead = Success<unknown> | JsonRefusal;

/** A JSON body (Content-Type application/json) of at most `maxBytes`. */
export async function readJson(request: Request, maxBytes: number): Promise<JsonRead> {
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) {
    drainBody(request.body);
    return failure("unsupported", "Send JSON (Content-Type: application/json).");
  }
  let text: string;
  try {
    text = (await readBody(request, maxBytes)).toString("utf8");
  } catch (error) {
    if (error instanceof BodyTooLargeError) return failure("too-large", TOO_LARGE);
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return failure("invalid", "The body is not valid JSON.");
  }
  const field = refusedJsonPath(value);
  if (field) return { ...failure("invalid", `${field}: ${REFUSED_TEXT}`), field };
  return success(value);
}

/** The 400 of a JSON door whose body holds refused text, naming the field. */
export const refusedTextAnswer = (field: string) =>
  jsonError(`${field}: ${REFUSED_TEXT}`, 400, { fields: { [field]: REFUSED_TEXT } });

export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

/**
 * A small JSON object body, or null (wrong type, not JSON, not an object). A body over the limit
 * is answered at once: it throws the door's 413 `{ error }`.
 */
export async function readJsonObject(
  request: Request,
  maxBytes = 64 * 1024,
): Promise<Record<string, unknown> | null> {
  const read = await readJson(request, maxBytes);
  if (!read.ok && read.reason === "too-large") throw jsonError(TOO_LARGE, 413);
  if (!read.ok && read.field) throw refusedTextAnswer(read.field);
  return read.ok && isJsonObject(read.value) ? read.value : null;
}
