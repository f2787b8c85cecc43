// GET /.well-known/jwks.json: the site's public signing keys (issue 46), so anyone can verify a
// certificate's credential offline. Never a private member.
import { appContext } from "#app/platform/context.ts";
import { publishedKeys } from "#app/platform/signing-keys.server.ts";
import type { Route } from "./+types/jwks";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return Response.json(await publishedKeys(db), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
