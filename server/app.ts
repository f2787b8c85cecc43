// Bundled by `react-router build` as the server entry, so that the router context created here
// is the same module instance the route modules read.

import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import { RouterContextProvider } from "react-router";
import "#app/content-kinds.server.ts";
import { runBookingJobs } from "#app/domain/consultations/consultation-jobs.server.ts";
import { resolvePreview } from "#app/domain/history/preview-links.server.ts";
import { publishDueReleases } from "#app/domain/history/releases.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { remindOverdueInvoices } from "#app/domain/training/registration-invoices.server.ts";
import { runRegistrationJobs } from "#app/domain/training/registration-jobs.server.ts";
import { registrationMailOf } from "#app/domain/training/registration-mail.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { type AppServices, appContext } from "#app/platform/context.ts";
import { type Preview, withPreview } from "#app/platform/preview-scope.server.ts";
import { failure, success } from "#app/platform/result.ts";

export function createRouterHandler(services: AppServices): RequestHandler {
  const handler = createRequestHandler({
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
  return async (req, res, next) => {
    const token = new URL(req.originalUrl, "http://local").searchParams.get("preview");
    // Pages only: the JSON doors and client data requests never show a preview.
    const page =
      req.method === "GET" && !req.path.startsWith("/api/") && !req.path.endsWith(".data");
    if (token === null || !page) return handler(req, res, next);
    // A preview link (decision 0021): the page shows one unpublished version, or says why not.
    const found = await resolvePreview(services.db, services.env, token, currentTime(services.env));
    const shown = found.ok ? found.value : null;
    const preview: Preview = !shown
      ? found
      : shown.path !== null && shown.path !== req.path
        ? failure("not-found", "This preview link is for another page.")
        : success({
            type: shown.type,
            id: shown.id,
            versionId: shown.versionId,
            title: shown.title,
            data: shown.data,
          });
    return withPreview(preview, () => handler(req, res, next));
  };
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

/** The overdue invoices' reminders (decision 0025), once a day, for the scheduler in server.ts. */
export async function runInvoiceReminders(services: AppServices) {
  const mail = await registrationMailOf(services);
  const now = currentTime(services.env);
  const today = dayIn(now, await getTimeZone(services.db));
  return { invoicesReminded: await remindOverdueInvoices(services.db, mail, now, today) };
}

/** Scheduled content releases whose time has come (decision 0021), for the scheduler. */
export async function runContentReleases(services: AppServices) {
  const now = currentTime(services.env);
  const today = dayIn(now, await getTimeZone(services.db));
  return publishDueReleases(services.db, now, { today });
}
