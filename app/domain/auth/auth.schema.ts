// Sign-in forms: the rules and texts shared by the server and the browser.
import { z } from "zod";

export const INVALID_EMAIL_OR_PASSWORD = "Invalid email or password";
export const INVALID_ADMIN_SIGN_IN = "Invalid credentials or unauthorized access";
export const LOGIN_FAILED = "Login failed";
export const MISSING_EMAIL_OR_PASSWORD = "Please enter your email and password.";
export const MISSING_USERNAME_OR_PASSWORD = "Please enter your username and password.";

export const tooManyAttempts = (retryAfterSeconds: number) =>
  `Too many sign-in attempts from your network. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes and try again.`;

export const signInSchema = z.object({
  login: z.string().trim().min(1).max(254),
  // Long enough for any passphrase, short enough that hashing it costs nothing extra.
  password: z.string().min(1).max(1024),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const apiLoginSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
