// The other half of the admin building blocks (app/components/admin): what a screen's action
// answers. Every form posts an `intent`; the action reads the form once (bounded), runs the
// handler of that intent, and answers one of two shapes the blocks read: a success with its
// message, or a failure with its message, the field errors and the values to show again. A
// handler that is done with the page redirects instead (a thrown or returned redirect).
import { data } from "react-router";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import type { Failure } from "#app/platform/result.ts";
import { BadInputError, BodyTooLargeError, parseId, readForm, statusOf } from "./http.server.ts";

export interface ActionSuccess {
  ok: true;
  intent: string;
  /** Shown in the screen's status line. */
  message: string;
}

export interface ActionFailure {
  ok: false;
  intent: string;
  /** Shown in the form (or the screen's alert when no form is open). */
  error: string;
  /** Messages by field name, shown on the fields. */
  fieldErrors?: Record<string, string>;
  /** What was posted, so the form shows it again. */
  values?: Record<string, unknown>;
}

export type ActionResult = ActionSuccess | ActionFailure;

/**
 * A form shown again with these values: the answer to a list edit posted without script
 * ("add:services", "remove:services:2"; see app/components/admin/list-items.tsx).
 */
export interface ActionDraft {
  ok: true;
  intent: string;
  values: Record<string, unknown>;
}

type FailExtra = Pick<ActionFailure, "fieldErrors" | "values">;

/**
 * A refused form: 4xx with the failure shape. Given a domain refusal (a `Failure`), its message
 * with its reason's status (`statusOf`): the domain never names a status. Only the field
 * messages and values `extra` names are shown (`refused` takes the failure's own).
 */
export function fail(intent: string, failure: Failure, extra?: FailExtra): FailAnswer;
export function fail(intent: string, error: string, status?: number, extra?: FailExtra): FailAnswer;
export function fail(
  intent: string,
  refusal: string | Failure,
  statusOrExtra?: number | FailExtra,
  extra: FailExtra = {},
): FailAnswer {
  if (typeof refusal !== "string") {
    const given = typeof statusOrExtra === "object" ? statusOrExtra : {};
    return fail(intent, refusal.error, statusOf(refusal.reason), given);
  }
  const status = typeof statusOrExtra === "number" ? statusOrExtra : 400;
  return data<ActionFailure>({ ok: false, intent, error: refusal, ...extra }, status);
}

type FailAnswer = ReturnType<typeof data<ActionFailure>>;

/** A form whose fields did not validate: 400, the messages on the fields, the values kept. */
export const invalid = (
  intent: string,
  fieldErrors: Record<string, string>,
  values: Record<string, unknown>,
) => fail(intent, CORRECT_FIELDS, 400, { fieldErrors, values });

/**
 * A domain function's refusal (a `Failure`: its message, reason and field messages), with what
 * was posted: the status is its reason's (`statusOf`), never one the domain names.
 */
export const refused = (intent: string, result: Failure, values?: Record<string, unknown>) =>
  fail(intent, result, { fieldErrors: result.fieldErrors, ...(values && { values }) });

/** A change that stays on the page: its message in the status line. */
export const done = (intent: string, message: string): ActionSuccess => ({
  ok: true,
  intent,
  message,
});

/** The record a form is about: its posted `id`, or null. */
export const postedId = (form: FormData) => parseId(String(form.get("id") ?? ""));

/** The form again, with the list edit applied to its values; `intent` is the form's own. */
export const draft = (intent: string, values: Record<string, unknown>): ActionDraft => ({
  ok: true,
  intent,
  values,
});

/** A list row's move: the record and its direction, or null when either is missing. */
export function postedMove(form: FormData): { id: number; direction: "up" | "down" } | null {
  const id = postedId(form);
  const direction = form.get("direction");
  return id && (direction === "up" || direction === "down") ? { id, direction } : null;
}

/** The posted text of these fields ("" for a missing one). */
export function formValues<K extends string>(form: FormData, names: readonly K[]) {
  return Object.fromEntries(names.map((k) => [k, String(form.get(k) ?? "")])) as Record<K, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: each handler answers its own shape
type Handler = (form: FormData, intent: string) => any;

type Answer<F extends Handler> = Awaited<ReturnType<F>> | ReturnType<typeof fail>;

/**
 * Reads the posted form and runs the handler of its `intent`. A body that is not a readable form
 * (or over the bound) is a 400, an intent nobody handles too; `other`, when given, handles the
 * intents the handlers do not name (e.g. the list edits "add:services", "remove:services:2").
 */
export function handleIntents<H extends Record<string, Handler>>(
  request: Request,
  handlers: H,
): Promise<Answer<H[keyof H]>>;
export function handleIntents<H extends Record<string, Handler>, O extends Handler>(
  request: Request,
  handlers: H,
  other: O,
): Promise<Answer<H[keyof H] | O>>;
export async function handleIntents(
  request: Request,
  handlers: Record<string, Handler>,
  other?: Handler,
) {
  let form: FormData | null;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return fail("", error.message, 413);
    if (!(error instanceof BadInputError)) throw error;
    // The form shows the message on the field, with the rest of what was posted.
    const posted = error.cleaned();
    return fail(String(posted.get("intent") ?? ""), CORRECT_FIELDS, 400, {
      fieldErrors: { [error.field]: error.message },
      values: Object.fromEntries(posted),
    });
  }
  if (!form) return fail("", "The form could not be read.");
  const intent = String(form.get("intent") ?? "");
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : other;
  return handler ? handler(form, intent) : fail(intent, "Unknown action.");
}
