import pino from "pino";
import { redactSecrets } from "./redact.ts";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    serializers: {
      // An error's message or stack may quote a URL with its credentials or a link's token.
      err: (error: Error) => {
        const shown = pino.stdSerializers.err(error);
        return {
          ...shown,
          message: redactSecrets(shown.message ?? ""),
          stack: redactSecrets(shown.stack ?? ""),
        };
      },
    },
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
  });
}
