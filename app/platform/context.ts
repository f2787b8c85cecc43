import { createContext } from "react-router";
import type { Db } from "./db/client.server.ts";
import type { Env } from "./env.server.ts";
import type { Logger } from "./logger.server.ts";
import type { Outbox } from "./mail/outbox.server.ts";
import type { Storage } from "./storage/storage.server.ts";

/** What the server hands to every loader and action (through the router context). */
export interface AppServices {
  db: Db;
  env: Env;
  logger: Logger;
  outbox: Outbox;
  storage: Storage;
  /** After a change to anything public pages show: every instance renders its pages afresh. */
  invalidatePages(): Promise<void>;
}

export interface RequestServices extends AppServices {
  /** The Content-Security-Policy nonce of this response. */
  nonce: string;
  /** The client's address (from X-Forwarded-For only when TRUST_PROXY is set). */
  clientIp: string;
  /** What went wrong in this request, noted by the error handler for the response (set by the request handler). */
  requestState?: RequestState;
}

export interface RequestState {
  /** A loader or action failed because the database could not be reached: answer 503, not 500. */
  databaseUnavailable: boolean;
  /** The database refused text a request brought (bad-input.server.ts): answer 400, not 500. */
  refusedText?: boolean;
}

export const appContext = createContext<RequestServices>();
