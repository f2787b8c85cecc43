import { Readable } from "node:stream";
import { openMedia } from "#app/domain/media/media.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/media";

/**
 * GET /media/<key>: uploaded images, immutable under their name (a new upload gets a new key).
 * X-Content-Type-Options: nosniff and the CSP come from the server's security headers.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const media = await openMedia(context.get(appContext).storage, params["*"] ?? "");
  if (!media) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(Readable.toWeb(media.body) as ReadableStream, {
    headers: {
      "Content-Type": media.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
