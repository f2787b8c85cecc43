// A local stand-in for the few Stripe endpoints the site calls (issue 47): Stripe cannot be
// reached from the tests and its mock server is not installable. The official SDK is pointed at
// it (STRIPE_API_URL); it answers in Stripe's documented JSON shapes, keeps every request so a
// test can read the amount and metadata it was sent, and plays the customer: `complete` builds
// the `checkout.session.completed` event and delivers it to the site's webhook signed with the
// SDK's own `generateTestHeaderString`, and the session's `url` is a page (/pay/:id) whose "Pay"
// button does the same and goes back to the session's success_url.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const DOUBLE_SECRET_KEY = "sk_test_double0000000000000000";
export const DOUBLE_WEBHOOK_SECRET = "whsec_double0000000000000000000";

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form-encoded body, nested as Stripe reads it (`metadata[registration_id]`). */
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

export interface DoubleSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
}

export interface Delivery {
  status: number;
  text: string;
  /** The event's JSON as sent, and its signature header: a test may deliver it again. */
  payload: string;
  signature: string;
}

export interface StripeDouble {
  /** The base address for STRIPE_API_URL. */
  url: string;
  /** The env a site needs to use the double. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  sessions: Map<string, DoubleSession>;
  /** Where events are delivered (the site's /api/webhooks/stripe), once the site is up. */
  webhookUrl: string;
  /** How a delivery reaches the site: over HTTP (fetch) unless a test hands it to the route. */
  transport: (request: Request) => Promise<Response>;
  /** The customer paid (or, `async`, their delayed payment succeeded): the event delivered. */
  complete(
    sessionId: string,
    options?: { async?: boolean; paymentStatus?: "paid" | "unpaid" },
  ): Promise<Delivery>;
  /** An event's payload and its signature header (with the webhook secret, or `secret`). */
  sign(event: Record<string, unknown>, secret?: string): { payload: string; signature: string };
  /** Delivers any event object, signed with the webhook secret (or `secret`). */
  deliver(event: Record<string, unknown>, secret?: string): Promise<Delivery>;
  /** Sends a payload with the given signature header as is (a forged or missing one). */
  post(payload: string, signature: string | null): Promise<Delivery>;
  stop(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const seconds = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=1` as `{ a: { b: [{ c: "1" }] } }`, the way Stripe reads its form bodies. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? "");
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else {
        slot[part] ??= nextIsIndex ? [] : {};
        node = slot[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const stripeError = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ error: { type: "invalid_request_error", message } }));
};

const sendJson = (res: ServerResponse, value: unknown) => {
  res.writeHead(200, { "Content-Type": "application/json", "Request-Id": id("req") });
  res.end(JSON.stringify(value));
};

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

export async function startStripeDouble(): Promise<StripeDouble> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, DoubleSession>();
  const refunds = new Map<string, Record<string, unknown>>();
  let base = "";

  const createSession = (body: Record<string, unknown>): DoubleSession => {
    const items = (body.line_items as Record<string, unknown>[] | undefined) ?? [];
    const amount = items.reduce((sum, item) => {
      const price = item.price_data as Record<string, unknown> | undefined;
      return sum + Number(price?.unit_amount ?? 0) * Number(item.quantity ?? 1);
    }, 0);
    const sessionId = id("cs");
    const session: DoubleSession = {
      id: sessionId,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      currency: String((items[0]?.price_data as Record<string, unknown>)?.currency ?? "usd"),
      client_reference_id: (body.client_reference_id as string) ?? null,
      customer_email: (body.customer_email as string) ?? null,
      created: seconds(),
      expires_at: Number(body.expires_at ?? seconds() + 86_400),
      livemode: false,
      metadata: (body.metadata as Record<string, string>) ?? {},
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: (body.success_url as string) ?? null,
      cancel_url: (body.cancel_url as string) ?? null,
      url: `${base}/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return session;
  };

  const double: StripeDouble = {
    url: "",
    env: {},
    requests,
    sessions,
    webhookUrl: "http://127.0.0.1/api/webhooks/stripe",
    transport: (request) => fetch(request),
    async post(payload, signature) {
      const response = await double.transport(
        new Request(double.webhookUrl, {
          method: "POST",
          headers: {
            "Content-Type": "application/json; charset=utf-8",
            "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
            ...(signature === null ? {} : { "Stripe-Signature": signature }),
          },
          body: payload,
        }),
      );
      return {
        status: response.status,
        text: await response.text(),
        payload,
        signature: signature ?? "",
      };
    },
    sign(event, secret = DOUBLE_WEBHOOK_SECRET) {
      const payload = JSON.stringify(event, null, 2);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    deliver(event, secret) {
      const { payload, signature } = double.sign(event, secret);
      return double.post(payload, signature);
    },
    complete(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const paid = options.paymentStatus ?? "paid";
      session.status = "complete";
      session.payment_status = paid;
      session.payment_intent ??= id("pi");
      session.url = null;
      return double.deliver({
        id: id("evt"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: seconds(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: options.async
          ? "checkout.session.async_payment_succeeded"
          : "checkout.session.completed",
        data: { object: { ...session, payment_status: options.async ? "paid" : paid } },
      });
    },
    stop: () => new Promise((r) => server.close(() => r())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const text = await readText(req);
    const method = req.method ?? "GET";
    const path = url.pathname;
    // The customer's side: the Checkout page and its Pay button.
    const pay = path.match(/^\/pay\/(cs_test_[0-9a-f]+)$/);
    if (pay) {
      const session = sessions.get(pay[1] as string);
      if (!session) return stripeError(res, 404, "No such checkout session");
      if (method === "POST") {
        await double.complete(session.id);
        res.writeHead(303, { Location: session.success_url ?? "/" });
        return res.end();
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Stripe Checkout (test double)</title></head><body><main><h1>Pay ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</h1><p>${escapeHtml(session.customer_email ?? "")}</p><form method="post"><button>Pay</button></form></main></body></html>`,
      );
    }
    requests.push({
      method,
      path,
      body: parseStripeForm(text),
      idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null,
    });
    if (req.headers.authorization !== `Bearer ${DOUBLE_SECRET_KEY}`) {
      return stripeError(res, 401, "Invalid API Key provided");
    }
    const body = parseStripeForm(text);
    if (method === "POST" && path === "/v1/checkout/sessions") {
      return sendJson(res, createSession(body));
    }
    const one = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    if (one) {
      const session = sessions.get(one[1] as string);
      if (!session) return stripeError(res, 404, `No such checkout.session: '${one[1]}'`);
      if (method === "GET" && !one[2]) return sendJson(res, session);
      if (method === "POST" && one[2]) {
        if (session.status !== "open") {
          return stripeError(
            res,
            400,
            `Only Checkout Sessions with a status of open can be expired.`,
          );
        }
        session.status = "expired";
        session.url = null;
        return sendJson(res, session);
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const key = (req.headers["idempotency-key"] as string | undefined) ?? id("key");
      const refund = refunds.get(key) ?? {
        id: id("re"),
        object: "refund",
        amount: Number(body.amount),
        currency: "usd",
        created: seconds(),
        metadata: {},
        payment_intent: body.payment_intent,
        status: "succeeded",
      };
      refunds.set(key, refund);
      return sendJson(res, refund);
    }
    return stripeError(res, 404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => stripeError(res, 500, String(error)));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.url = base;
  double.env = {
    STRIPE_SECRET_KEY: DOUBLE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: DOUBLE_WEBHOOK_SECRET,
    STRIPE_API_URL: base,
  };
  return double;
}
