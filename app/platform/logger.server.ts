import pino from "pino";
import { redactSecrets } from "./redact.ts";

export type Logger = pino.Logger;

/** The app's logger, writing JSON lines to stdout (or to `destination`, for a test). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    // Every line, whatever logged it (the request log, an error's message, stack or cause, a
    // job's report), leaves through the one redaction of secrets in addresses.
    hooks: { streamWrite: redactSecrets },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        "password",
        "*.password",
        "passwordHash",
        "*.passwordHash",
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
