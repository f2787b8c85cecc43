import { createContext } from "react-router";
import type { Db } from "./db/client.server.ts";
import type { Env } from "./env.server.ts";
import type { Logger } from "./logger.server.ts";

/** What the server hands to every loader and action (through the router context). */
export interface AppServices {
  db: Db;
  env: Env;
  logger: Logger;
}

export interface RequestServices extends AppServices {
  /** The Content-Security-Policy nonce of this response. */
  nonce: string;
}

export const appContext = createContext<RequestServices>();
