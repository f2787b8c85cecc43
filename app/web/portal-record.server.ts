// A Training Portal address that names a record (a registration's classes, a material): its
// id, or a 404 before anything else; who is signed in, or the portal's sign-in.
import { data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app/platform/context.ts";
import { getCurrentUser } from "./guard.server.ts";
import { parseId } from "./http.server.ts";

export async function portalRecord(
  request: Request,
  context: Readonly<RouterContextProvider>,
  rawId: string | undefined,
) {
  const id = parseId(rawId);
  if (!id) throw data(null, { status: 404 });
  const user = await getCurrentUser(request, context);
  if (!user) throw redirect("/portal");
  return { id, user, services: context.get(appContext) };
}
