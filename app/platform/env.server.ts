import { z } from "zod";
import { redactSecrets } from "./redact.ts";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
    error: 'must be one of "true" or "false"',
  })
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;

/**
 * Which proxies to believe X-Forwarded-For and X-Forwarded-Proto from: none (false), the number of
 * proxies in front of the app (1: the client is the address the nearest proxy appends), or their
 * addresses and ranges. Never "true": that takes the left-most address, which the client writes.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (/^(0|false|no|off)$/i.test(value)) return false;
    if (/^[1-9]$/.test(value)) return Number(value);
    const addresses = value.split(",").map((a) => a.trim());
    if (addresses.every((a) => ADDRESS.test(a))) return addresses;
    ctx.addIssue({
      code: "custom",
      message: /^(1|true|yes|on)$/i.test(value)
        ? 'must name the proxies: their number (e.g. 1) or addresses (e.g. 10.0.0.0/8); "true" would believe the client\'s own X-Forwarded-For'
        : "must be false, the number of proxies in front of the app (1 to 9), or their addresses and ranges (e.g. 10.0.0.5,10.1.0.0/16)",
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce
    .number({ error: "must be a whole number between 0 and 65535" })
    .int({ error: "must be a whole number between 0 and 65535" })
    .min(0, { error: "must be a whole number between 0 and 65535" })
    .max(65535, { error: "must be a whole number between 0 and 65535" })
    .default(3000),
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: "must be a postgres:// or postgresql:// URL",
    })
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SITE_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  TRUST_PROXY: trustProxy.default(false),
  DEMO_MODE: bool.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().trim().min(3).default("Sigma Technology Partners <no-reply@example.com>"),
  SALES_EMAIL: z.email({ error: "must be an e-mail address" }).default("sales@example.com"),
  MAIL_RETRY_LIMIT: z.coerce
    .number({ error: "must be a whole number" })
    .int()
    .min(0)
    .max(50)
    .default(10),
  MAIL_RETRY_DELAY_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds" })
    .int()
    .min(1)
    .max(3600)
    .default(30),
  MAIL_RETRY_DELAY_MAX_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds" })
    .int()
    .min(1)
    .max(86_400)
    .default(3600),
  MAIL_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int()
    .min(100)
    .default(5_000),
  FORM_RATE_LIMIT: z.coerce
    .number({ error: "must be a whole number of posts" })
    .int()
    .min(1)
    .default(10),
  /** Signs content preview links; without it one is made at first start and kept in the database. */
  PREVIEW_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  ADMIN_PASSWORD: z.string().min(12, { error: "must be at least 12 characters" }).optional(),
  DEMO_PASSWORD: z.string().min(12, { error: "must be at least 12 characters" }).optional(),
  SIGNIN_RATE_LIMIT: z.coerce
    .number({ error: "must be a whole number of attempts" })
    .int()
    .min(1)
    .default(20),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ error: "must be a whole number of minutes" })
    .int()
    .min(1)
    .default(480),
  SESSION_MAX_DAYS: z.coerce
    .number({ error: "must be a whole number of days" })
    .int()
    .min(1)
    .max(365)
    .default(7),
  /** Stops the clock (tests, demos): dates such as "upcoming start dates" are computed from it. */
  FROZEN_NOW: z.iso
    .datetime({ offset: true, error: "must be an ISO date-time such as 2026-04-20T15:00:00Z" })
    .optional(),
  /** Uploads go to this S3-compatible bucket instead of DATA_DIR/uploads. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "must be an S3 bucket name" })
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * Card payments through Stripe Checkout (issue 47): both or neither. Without them a card
   * registration is arranged by a representative, as before.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, { error: "must be a Stripe secret key (sk_...)" })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, { error: "must be a Stripe webhook secret (whsec_...)" })
    .optional(),
  /** Where the Stripe SDK sends its calls (tests point it at a local double); Stripe's own else. */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int()
    .positive()
    .default(25_000),
});

export type Env = Omit<z.infer<typeof envSchema>, "SITE_URL" | "DEMO_MODE"> & {
  SITE_URL: string;
  DEMO_MODE: boolean;
};

export class ConfigError extends Error {}

/** Never echoed in an error message. */
const SECRETS = new Set([
  "ADMIN_PASSWORD",
  "DEMO_PASSWORD",
  "S3_SECRET_ACCESS_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
]);

/** Reads and validates the environment; throws one clear line naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    // The value is shown to help, never a password in it (a URL's credentials are left out).
    const value = source[name];
    const got = value === undefined || SECRETS.has(name) ? "" : ` (got "${redactSecrets(value)}")`;
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message}${got}`);
  }
  const env = result.data;
  const s3Set = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter(
    (name) => cleaned[name] !== undefined,
  );
  if (!env.S3_BUCKET && s3Set.length) {
    throw new ConfigError(
      `Invalid environment variable S3_BUCKET: required when ${s3Set.join(", ")} is set`,
    );
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    const missing = env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
    throw new ConfigError(
      `Invalid environment variable ${missing}: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together`,
    );
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new ConfigError(
      `Invalid environment variable ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together`,
    );
  }
  return {
    ...env,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/$/, ""),
    // Demo hints (and the demo password) show in development; in production only when
    // DEMO_MODE=true says so (the start log warns then).
    DEMO_MODE: env.DEMO_MODE ?? env.NODE_ENV !== "production",
  };
}
