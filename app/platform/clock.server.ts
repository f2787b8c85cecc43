import type { Env } from "./env.server.ts";

/** The current time, or the frozen one when FROZEN_NOW is set (tests and demos). */
export function currentTime(env: Pick<Env, "FROZEN_NOW">): Date {
  return env.FROZEN_NOW ? new Date(env.FROZEN_NOW) : new Date();
}
