// Sign-in forms: the rules and texts shared by the server and the browser.
import * as z from "zod/mini";
import "#app/platform/validation.ts"; // zod set up for the browser (no code generation)

export const INVALID_EMAIL_OR_PASSWORD = "Invalid email or password";
export const INVALID_ADMIN_SIGN_IN = "Invalid credentials or unauthorized access";
export const LOGIN_FAILED = "Login failed";
export const MISSING_EMAIL_OR_PASSWORD = "Please enter your email and password.";
export const MISSING_USERNAME_OR_PASSWORD = "Please enter your username and password.";

const minutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n === 1 ? "" : "s"}`;
};

/** The account's own throttle (failed passwords or codes for it, from this kind of client). */
export const tooManyFailures = (retryAfterSeconds: number) =>
  `Too many failed attempts. Please wait ${minutes(retryAfterSeconds)} and try again, or reset your password.`;

export const WRONG_CODE =
  "That code is not right, or was already used. Enter the current code from your app, or a recovery code.";
export const CODE_EXPIRED = "The sign-in took too long. Please sign in again.";

export const tooManyAttempts = (retryAfterSeconds: number) =>
  `Too many sign-in attempts from your network. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes and try again.`;

export const signInSchema = z.object({
  login: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  // Long enough for any passphrase, short enough that hashing it costs nothing extra.
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const apiLoginSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});
