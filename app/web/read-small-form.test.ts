import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BodyTooLargeError, readSmallForm } from "./http.server.ts";

// A real socket, and the request body as React Router's Node adapter makes it: the client must
// get the 413 even while it is still sending a large body (cancelling that body destroys the
// request, the connection is reset and the browser shows a network error instead).
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const request = new Request(`http://localhost${req.url}`, {
      method: "POST",
      headers: req.headers as Record<string, string>,
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    try {
      const form = await readSmallForm(request);
      res.writeHead(200).end(String(form.get("name")));
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      res.writeHead(413).end(error.message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const form = "application/x-www-form-urlencoded";
const big = () => `name=Ada&message=${"x".repeat(5 * 1024 * 1024)}`;

describe("reading a small text form", () => {
  it("reads a form within the limit", async () => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": form },
      body: "name=Ada",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("Ada");
  });

  it("answers 413 to a 5 MB body announced by its length", async () => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": form },
      body: big(),
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toMatch(/too long/);
  });

  it("answers 413 to a 5 MB body sent without a length", async () => {
    const bytes = new TextEncoder().encode(big());
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) {
          controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        }
        controller.close();
      },
    });
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": form },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});
