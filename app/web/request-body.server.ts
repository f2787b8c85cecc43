import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { MiddlewareFunction } from "react-router";

/**
 * Reads the rest of a request body and throws it away. A server that answers (a refusal, a 404)
 * while the client is still sending must not cancel the body: the connection would be reset and
 * the client would see a network error instead of the answer. Node's server timeouts bound how
 * long this can take.
 */
export function drainBody(body: ReadableStream<Uint8Array> | null): void {
  if (!body || body.locked) return;
  const stream = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  stream.on("error", () => {});
  stream.resume();
}

/**
 * Root middleware: whatever a route answered, a body it did not read (an early refusal, a guard,
 * a page without an action) is read to the end and dropped, so the client gets the answer.
 */
export const drainUnreadBody: MiddlewareFunction<Response> = async ({ request }, next) => {
  try {
    return await next();
  } finally {
    if (!request.bodyUsed) drainBody(request.body);
  }
};
