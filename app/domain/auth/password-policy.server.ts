// The one password policy for every place a person chooses a password: changing it on
// /account, the invitation and reset links, and the users and register APIs. 12 to 128
// characters, not guessable (zxcvbn, with the common-words package, scores it 3 or more, also
// against the person's own name and address), and not the password it replaces. The CLI and
// the seed variables keep a length rule only (operators choose generated values).
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { failure, type Result, success } from "#app/platform/result.ts";
import { verifyPassword } from "./password.server.ts";

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
/** zxcvbn's 0-4 scale: 3 is "safely unguessable" (about 10^8 guesses and more). */
const MIN_SCORE = 3;

export const PASSWORD_TEXTS = {
  tooShort: `Use at least ${PASSWORD_MIN} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX} characters.`,
  guessable:
    "This password is too easy to guess. Add a few uncommon words, or use a password manager's suggestion.",
  same: "Choose a password different from your current one.",
  mismatch: "The two passwords do not match.",
  required: "Enter a new password.",
} as const;

let checker: ZxcvbnFactory | undefined;
/** Built on first use (about 25 ms): the dictionaries are not needed until someone sets a password. */
function strength(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return checker;
}

export interface PasswordContext {
  /** Words the password must not lean on: the person's e-mail, names, username, the site name. */
  userInputs?: (string | null | undefined)[];
  /** The hash of the password it replaces (null when there is none). */
  currentHash?: string | null;
}

/** The words of a person a password must not lean on: e-mail, its name part, names, username. */
export function personalWords(person: {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}): string[] {
  const name = `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim();
  return [person.email, person.email.split("@")[0] ?? "", name, person.username ?? ""].filter(
    Boolean,
  );
}

/** Why `password` is refused, or null when it may be used. */
export async function passwordProblem(
  password: string,
  context: PasswordContext = {},
): Promise<string | null> {
  if (!password) return PASSWORD_TEXTS.required;
  // Counted in code points, as people count characters.
  const length = [...password].length;
  if (length < PASSWORD_MIN) return PASSWORD_TEXTS.tooShort;
  if (length > PASSWORD_MAX) return PASSWORD_TEXTS.tooLong;
  // The values whole, their words, and the words run together ("samseller"), as people do.
  const inputs = (context.userInputs ?? []).flatMap((value) => {
    if (!value) return [];
    const words = value
      .toLowerCase()
      .split(/[@.\s_-]+/)
      .filter((word) => word.length >= 3);
    return [value.toLowerCase(), ...words, words.join("")];
  });
  const { score } = await strength().checkAsync(password, inputs);
  if (score < MIN_SCORE) return PASSWORD_TEXTS.guessable;
  if (context.currentHash && (await verifyPassword(context.currentHash, password))) {
    return PASSWORD_TEXTS.same;
  }
  return null;
}

/** The new password and its confirmation as posted: why they are refused, by field, or null. */
export async function newPasswordProblems(
  password: string,
  confirm: string,
  context: PasswordContext = {},
): Promise<Record<string, string> | null> {
  const problem = await passwordProblem(password, context);
  if (problem) return { password: problem };
  if (password !== confirm) return { confirmPassword: PASSWORD_TEXTS.mismatch };
  return null;
}

/**
 * An API body's optional `password` for a new account: absent (the account is invited), or a
 * password the policy accepts; otherwise why not (the door answers it as a 400).
 */
export async function apiPassword(
  raw: unknown,
  person: Parameters<typeof personalWords>[0],
): Promise<Result<string | undefined>> {
  if (raw === undefined || raw === null) return success(undefined);
  const problem =
    typeof raw === "string"
      ? await passwordProblem(raw, { userInputs: personalWords(person) })
      : PASSWORD_TEXTS.required;
  if (!problem) return success(raw as string);
  return failure("invalid", problem);
}
