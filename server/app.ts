// Bundled by `react-router build` as the server entry, so that the router context created here
// is the same module instance the route modules read.

import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider } from "react-router";
import { runBookingJobs } from "#app/domain/bookings/booking-jobs.server.ts";
import { runRegistrationJobs } from "#app/domain/training/registration-jobs.server.ts";
import { registrationMailOf } from "#app/domain/training/registration-mail.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { type AppServices, appContext } from "#app/platform/context.ts";

export function createRouterHandler(services: AppServices) {
  return createRequestHandler({
    // React Router refuses actions whose Origin is not the request's own; SITE_URL is ours too
    // (behind a proxy the request's host may be an internal one). server/origin-check.ts has
    // already applied the stricter rule to every write.
    build: { ...build, allowedActionOrigins: [new URL(services.env.SITE_URL).host] },
    mode: services.env.NODE_ENV === "production" ? "production" : "development",
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(appContext, {
        ...services,
        nonce: String(res.locals.cspNonce ?? ""),
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        requestState: { databaseUnavailable: false },
      });
      return context;
    },
  });
}

/**
 * The registrations' and consultations' recurring work (decisions 0017 and 0020), for the
 * scheduler in server.ts.
 */
export async function runRegistrationWork(services: AppServices) {
  const mail = await registrationMailOf(services);
  const now = currentTime(services.env);
  const registrations = await runRegistrationJobs(services.db, mail, now);
  return { ...registrations, ...(await runBookingJobs(services.db, mail, now)) };
}
