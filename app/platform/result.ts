// The one failure shape of the whole app (client-safe): a domain function that refuses says why
// in a word of its own, never in an HTTP status. The edge turns the word into its answer
// (`statusOf` in app/web/http.server.ts is the one map), so admin screens, public forms and JSON
// doors answer a refusal the same way.
import type { FieldErrors } from "./validation.ts";

/** Why a command changed nothing. */
export type Reason =
  /** The input does not hold (400). */
  | "invalid"
  /** Nobody is signed in, or the proof did not verify (401). */
  | "unauthorized"
  /** Signed in, but not theirs to do (403). */
  | "forbidden"
  /** No such record, or not one the actor may see (404). */
  | "not-found"
  /** The record's state (or another record) stands in the way (409). */
  | "conflict"
  /** The link or offer was good once and is no more (410). */
  | "gone"
  /** A file of a type nobody reads (415). */
  | "unsupported"
  /** More than the door reads (413). */
  | "too-large"
  /** Well-formed, but not a change that can be made now (422). */
  | "unprocessable"
  /** Too many attempts: wait (429). */
  | "too-many"
  /** A service it depends on is down: try later (503). */
  | "unavailable"
  /** Storage is full (507). */
  | "no-space";

/** A refusal: its reason, the message for the person, and messages by field when a form caused it. */
export interface Failure {
  ok: false;
  reason: Reason;
  error: string;
  fieldErrors?: FieldErrors;
}

/** A failure; field messages only when given (an absent key, not `undefined`). */
export const failure = (reason: Reason, error: string, fieldErrors?: FieldErrors): Failure =>
  fieldErrors ? { ok: false, reason, error, fieldErrors } : { ok: false, reason, error };

/** What a command or check gives back when it did its work. */
export interface Success<T> {
  ok: true;
  value: T;
}

/** The one result shape of the domain: the value, or why not. */
export type Result<T = void> = Success<T> | Failure;

/** A success carrying its value; `success()` for a command with nothing to give back. */
export function success(): Success<void>;
export function success<T>(value: T): Success<T>;
export function success<T>(value?: T): Success<T | undefined> {
  return { ok: true, value };
}
