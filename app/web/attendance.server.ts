// What the attendance pages share at the edge (issue 46): who may open them (a course's
// instructor or an admin; the domain then checks it is their course), and a cohort's table,
// which the page and its CSV both answer, or a 404 that says nothing more.
import { data, type RouterContextProvider } from "react-router";
import { cohortAttendance } from "#app/domain/training/attendance.server.ts";
import { appContext } from "#app/platform/context.ts";
import { getCurrentUser, requireUser } from "./guard.server.ts";
import { parseId } from "./http.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Signed in as an instructor or an admin (anyone else is sent to the portal's sign-in). */
export const requireTeacher = (request: Request, context: Context) =>
  requireUser(request, context, { roles: ["instructor", "admin"], signInPath: "/portal" });

/** The cohort's attendance table if the one signed in teaches it (or is an admin); else a 404. */
export async function taughtCohortTable(request: Request, context: Context, cohortId: string) {
  // An address that names no cohort is not found before anyone is asked to sign in.
  const id = parseId(cohortId);
  if (!id) throw data("Cohort not found", { status: 404 });
  const user = await requireTeacher(request, context);
  const table = await cohortAttendance(context.get(appContext).db, user, id);
  if (!table.ok) throw data("Cohort not found", { status: 404 });
  return { ...table.value, cohortId: id };
}

/** Who may post a mark: an instructor or an admin signed in (the domain checks the class). */
export async function teacherOf(request: Request, context: Context) {
  const user = await getCurrentUser(request, context);
  return user && (user.role === "instructor" || user.role === "admin") ? user : null;
}
