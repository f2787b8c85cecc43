// The Training Portal's "Cancel my registration" (issue 22): a signed-in student cancels their
// own registration until the staff setting's days before the start; staff are e-mailed.
import { data, type RouterContextProvider } from "react-router";
import { dayIn } from "#app/domain/settings/clock.ts";
import { studentCancelDays } from "#app/domain/settings/staff-settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { getCurrentUser } from "#app/web/guard.server.ts";
import { BadInputError, BodyTooLargeError, parseId, readForm } from "#app/web/http.server.ts";
import { cancelOwnRegistration, registrationServicesOf } from "./registration-admin.server.ts";
import { REGISTRATION_TEXTS } from "./registration-status.ts";

/** What the portal shows after a cancellation: the message, or why nothing changed. */
export type CancelAnswer =
  | { cancel: true; ok: true; message: string }
  | { cancel: true; ok: false; error: string };

const answer = (body: CancelAnswer, status = 200) => data(body, { status });

export async function portalCancelAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const user = await getCurrentUser(request, context);
  if (user?.role !== "student") {
    return answer(
      { cancel: true, ok: false, error: "Sign in as the student to cancel a registration." },
      403,
    );
  }
  let form: FormData | null;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return answer({ cancel: true, ok: false, error: error.message }, 413);
    }
    if (error instanceof BadInputError) {
      return answer({ cancel: true, ok: false, error: error.message }, 400);
    }
    throw error;
  }
  const id = form ? parseId(String(form.get("id") ?? "")) : null;
  if (!id) return answer({ cancel: true, ok: false, error: REGISTRATION_TEXTS.notFound }, 404);
  const services = context.get(appContext);
  const now = currentTime(services.env);
  const outcome = await cancelOwnRegistration(
    await registrationServicesOf(services),
    { user, ip: services.clientIp },
    id,
    await studentCancelDays(services.db),
    now,
    dayIn(now),
  );
  if (!outcome.ok) return answer({ cancel: true, ok: false, error: outcome.error }, outcome.status);
  await services.invalidatePages(); // a seat is free again on the course pages
  return answer({ cancel: true, ok: true, message: outcome.message });
}
