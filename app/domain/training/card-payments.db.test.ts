// Card payments through Stripe Checkout (issue 47), with the official SDK against the local
// Stripe double (tests/support/stripe-double.ts): a session for the server's amount whatever the
// client posts, its metadata and expiry; one open session per registration (twenty posts at
// once), renewed once expired; the webhook verified (forged or missing signature: 400, nothing
// changes), each event once (a replay pays nothing), only for a session the site opened; the
// receipt's PDF read back by pdftotext and checked by qpdf.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CardGateway } from "#app/domain/billing/card-gateway.ts";
import { appContext, type RequestServices } from "#app/platform/context.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createOutbox } from "#app/platform/mail/outbox.server.ts";
import { createLocalStorage } from "#app/platform/storage/storage.server.ts";
import {
  action as webhookAction,
  loader as webhookLoader,
} from "#app/routes/api/stripe-webhook.ts";
import { action as linkAction } from "#app/routes/site/registration-link.tsx";
import { action as confirmationAction } from "#app/routes/site/training/registration-confirmation.tsx";
import { cardGateway } from "#app/web/card-gateway.server.ts";
import { createTestDatabase, query } from "#tests/support/database.ts";
import {
  NOW,
  type RegistrationFixture,
  registrationFixture,
} from "#tests/support/registrations.ts";
import {
  DOUBLE_WEBHOOK_SECRET,
  type StripeDouble,
  startStripeDouble,
} from "#tests/support/stripe-double.ts";
import { openCardCheckout } from "./card-payments.server.ts";
import { cancelRegistration } from "./registration-admin.server.ts";
import { issueRegistrationToken } from "./registration-links.server.ts";

let database: Database;
let fx: RegistrationFixture;
let double: StripeDouble;
let dir: string;
let services: RequestServices;
let gateway: CardGateway;
const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };

function context() {
  const provider = new RouterContextProvider();
  provider.set(appContext, services);
  return provider;
}

const servicesWith = (env: Record<string, string>): RequestServices => ({
  db: database.db,
  outbox: createOutbox({
    database,
    logger: { ...logger, child: () => logger } as never,
    from: "Site <no-reply@example.com>",
    retryLimit: 0,
    retryDelaySeconds: 1,
    timeoutMs: 1000,
  }),
  storage: createLocalStorage(join(dir, "uploads")),
  env: parseEnv({ DATA_DIR: dir, FROZEN_NOW: NOW.toISOString(), ...env }),
  logger: logger as never,
  invalidatePages: vi.fn(async () => {}),
  nonce: "",
  clientIp: "203.0.113.9",
});

beforeEach(async () => {
  database = await createTestDatabase();
  fx = await registrationFixture(database);
  double = await startStripeDouble();
  dir = mkdtempSync(join(tmpdir(), "card-payments-"));
  services = servicesWith(double.env);
  gateway = cardGateway(services.env) as CardGateway;
  // Deliveries go straight to the route, as the server would hand them over.
  double.transport = async (request) =>
    (await webhookAction({ request, context: context(), params: {} } as never)) as Response;
});
afterEach(async () => {
  await double.stop();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const BACK = {
  successUrl: "https://www.example.com/paid",
  cancelUrl: "https://www.example.com/back",
};
const open = (id: number, now = NOW) => openCardCheckout(database.db, gateway, id, BACK, now);
const created = () =>
  double.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
const sessionsOf = (id: number) =>
  query<{ id: string; amount_cents: number; status: string }>(
    database,
    `select id, amount_cents, status from checkout_sessions where registration_id = ${id} order by created_at, id`,
  );
async function money() {
  const [row] = await query<{ payments: number; receipts: number; events: number }>(
    database,
    "select (select count(*)::int from payments) as payments, (select count(*)::int from billing_documents where kind = 'receipt') as receipts, (select count(*)::int from stripe_events) as events",
  );
  return row;
}
const sessionIdOf = (url: string) => url.split("/pay/")[1] as string;

/** The confirmation page's "Pay now by card" post, with whatever fields a client adds. */
async function payFromConfirmation(id: number, fields: Record<string, string>) {
  const token = await database.db.transaction((tx) =>
    issueRegistrationToken(tx, id, "receipt", new Date(NOW.getTime() + 86_400_000)),
  );
  const request = new Request(
    `http://localhost/certification-training/test/register/confirmation?token=${token}`,
    { method: "POST", body: new URLSearchParams(fields) },
  );
  return (await confirmationAction({ request, context: context(), params: {} } as never)) as
    | Response
    | { data: { cardError: string }; init: ResponseInit };
}

describe("opening a card checkout", () => {
  it("asks Stripe for the server's amount, whatever amount or price the client posts, with the registration in its metadata", async () => {
    const id = await fx.register("zoe@example.org", { name: "Zoë Nguyễn" });
    const answer = await payFromConfirmation(id, {
      amount: "100",
      amount_total: "1",
      price: "1.00",
      unit_amount: "1",
      priceCents: "1",
    });
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(303);
    const url = response.headers.get("Location") ?? "";
    expect(url).toMatch(new RegExp(`^${double.url}/pay/cs_test_[0-9a-f]+$`));
    const [request] = created();
    expect(request?.body).toMatchObject({
      mode: "payment",
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "usd", unit_amount: "120000" },
        },
      ],
      metadata: { registration_id: String(id) },
      client_reference_id: String(id),
      customer_email: "zoe@example.org",
      // The staff setting's 60 minutes by default.
      expires_at: String(NOW.getTime() / 1000 + 3600),
    });
    expect(await sessionsOf(id)).toEqual([
      { id: sessionIdOf(url), amount_cents: 120_000, status: "open" },
    ]);
  });

  it("expires per the Settings' minutes", async () => {
    await query(
      database,
      `insert into staff_settings (key, value) values ('checkout_minutes', '"45"')`,
    );
    const id = await fx.register("zoe@example.org");
    expect(await open(id)).toMatchObject({ ok: true });
    expect(created()[0]?.body.expires_at).toBe(String(NOW.getTime() / 1000 + 45 * 60));
  });

  it("ends no later than a held seat's hold, and never sooner than Stripe's 30 minutes", async () => {
    const seconds = (date: Date) => String(date.getTime() / 1000);
    const held = await fx.register("held@example.org");
    const holdEnds = new Date(NOW.getTime() + 40 * 60_000);
    await query(
      database,
      `update registrations set hold_expires_at = '${holdEnds.toISOString()}' where id = ${held}`,
    );
    expect(await open(held)).toMatchObject({ ok: true });
    expect(created()[0]?.body.expires_at).toBe(seconds(holdEnds));
    const soon = await fx.register("soon@example.org");
    await query(
      database,
      `update registrations set hold_expires_at = '${new Date(NOW.getTime() + 10 * 60_000).toISOString()}' where id = ${soon}`,
    );
    expect(await open(soon)).toMatchObject({ ok: true });
    expect(created()[1]?.body.expires_at).toBe(seconds(new Date(NOW.getTime() + 30 * 60_000)));
  });

  it("gives the open session again, and a new one once it expired (the old one expired at Stripe first)", async () => {
    const id = await fx.register("zoe@example.org");
    const first = await open(id);
    const again = await open(id, new Date(NOW.getTime() + 10 * 60_000));
    expect(again).toEqual(first);
    expect(created()).toHaveLength(1);
    const old = sessionIdOf(first.ok ? first.value.url : "");
    // An hour later it is past its time: a new session, the old one expired at Stripe.
    const later = await open(id, new Date(NOW.getTime() + 61 * 60_000));
    expect(later.ok && later.value.url).not.toBe(first.ok && first.value.url);
    expect(created()).toHaveLength(2);
    expect(double.requests.some((r) => r.path === `/v1/checkout/sessions/${old}/expire`)).toBe(
      true,
    );
    expect(double.sessions.get(old)?.status).toBe("expired");
    expect((await sessionsOf(id)).map((s) => s.status)).toEqual(["expired", "open"]);
  });

  it("opens no second checkout while the last one was paid at Stripe and its webhook is late", async () => {
    const id = await fx.register("zoe@example.org");
    const first = await open(id);
    const paidAtStripe = double.sessions.get(sessionIdOf(first.ok ? first.value.url : ""));
    if (paidAtStripe) Object.assign(paidAtStripe, { status: "complete", payment_status: "paid" });
    // An hour later the portal would offer a new checkout: Stripe says this one was paid.
    expect(await open(id, new Date(NOW.getTime() + 61 * 60_000))).toEqual({
      ok: false,
      reason: "conflict",
      error:
        "Your card payment went through and is being confirmed: it shows here in a few minutes, with its receipt by e-mail.",
    });
    expect(created()).toHaveLength(1);
    expect((await sessionsOf(id)).map((s) => s.status)).toEqual(["complete"]);
  });

  it("renews a session Stripe said expired (its webhook)", async () => {
    const id = await fx.register("zoe@example.org");
    const first = await open(id);
    const old = sessionIdOf(first.ok ? first.value.url : "");
    const session = double.sessions.get(old);
    if (session) session.status = "expired";
    const delivered = await double.deliver({
      id: "evt_test_expired1",
      object: "event",
      type: "checkout.session.expired",
      data: { object: { ...session, status: "expired" } },
    });
    expect(delivered.status).toBe(200);
    expect((await sessionsOf(id)).map((s) => s.status)).toEqual(["expired"]);
    const renewed = await open(id);
    expect(renewed.ok && sessionIdOf(renewed.value.url)).not.toBe(old);
    expect((await sessionsOf(id)).map((s) => s.status).sort()).toEqual(["expired", "open"]);
  });

  it("twenty posts at once open one session", async () => {
    const id = await fx.register("zoe@example.org");
    const all = await Promise.all(Array.from({ length: 20 }, () => open(id)));
    const urls = new Set(all.map((r) => (r.ok ? r.value.url : r.error)));
    expect(urls.size).toBe(1);
    expect(created()).toHaveLength(1);
    expect(await sessionsOf(id)).toHaveLength(1);
  });

  it("is refused for a bank transfer, a cancelled registration and one with nothing due; nothing is asked of Stripe", async () => {
    const bank = await fx.register("bank@example.org", { paymentMethod: "bank-transfer" });
    expect(await open(bank)).toMatchObject({ ok: false, reason: "conflict" });
    const cancelled = await fx.register("gone@example.org");
    await query(database, `update registrations set status = 'cancelled' where id = ${cancelled}`);
    expect(await open(cancelled)).toMatchObject({ ok: false, reason: "conflict" });
    const paid = await fx.register("paid@example.org", { cohortId: fx.april19 });
    const first = await open(paid);
    await double.complete(sessionIdOf(first.ok ? first.value.url : ""));
    const before = double.requests.length;
    expect(await open(paid)).toMatchObject({ ok: false, reason: "conflict" });
    expect(double.requests.length).toBe(before);
    expect(created()).toHaveLength(1);
    const page = await payFromConfirmation(bank, {});
    expect(page).toMatchObject({ init: { status: 409 } });
  });

  it("answers 503 when Stripe cannot be reached, storing nothing", async () => {
    const id = await fx.register("zoe@example.org");
    await double.stop();
    expect(await open(id)).toMatchObject({ ok: false, reason: "unavailable" });
    expect(await sessionsOf(id)).toEqual([]);
    double = await startStripeDouble(); // for afterEach
  });
});

describe("a refund through the gateway", () => {
  it("is asked for the amount, and a retry with the same key refunds once", async () => {
    const request = { paymentIntent: "pi_test_1", amountCents: 60_000, idempotencyKey: "refund-7" };
    const first = await gateway.refund(request);
    expect(await gateway.refund(request)).toEqual(first);
    expect(first.id).toMatch(/^re_test_/);
    const refunds = double.requests.filter((r) => r.path === "/v1/refunds");
    expect(refunds.map((r) => [r.body.amount, r.body.payment_intent, r.idempotencyKey])).toEqual([
      ["60000", "pi_test_1", "refund-7"],
      ["60000", "pi_test_1", "refund-7"],
    ]);
  });
});

describe("the confirmation e-mail", () => {
  const confirmationMail = () =>
    query<{ text_body: string; html_body: string }>(
      database,
      "select text_body, html_body from mail_messages where template = 'registration-confirmation'",
    );

  it("offers Pay now by card: its link confirms the address and opens the checkout, back to a confirmation page", async () => {
    const id = await fx.register("zoe@example.org", { cardPayments: true });
    const [confirmation] = await confirmationMail();
    expect(confirmation?.text_body).toContain("Pay now by card (total $1,200)");
    expect(confirmation?.html_body).toContain("Pay now by card");
    // The e-mail's link is stored hashed: a new one (the older stops working) stands in.
    const token = await database.db.transaction((tx) =>
      issueRegistrationToken(tx, id, "email", new Date(NOW.getTime() + 3_600_000)),
    );
    const request = new Request("http://localhost/registrations/confirm", {
      method: "POST",
      body: new URLSearchParams({ token, intent: "pay", amount: "1" }),
    });
    const answer = (await linkAction({
      request,
      context: context(),
      params: { link: "confirm" },
    } as never)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toMatch(new RegExp(`^${double.url}/pay/cs_test_`));
    const [created] = double.requests.filter((r) => r.path === "/v1/checkout/sessions");
    expect(created?.body).toMatchObject({
      line_items: [{ price_data: { unit_amount: "120000" } }],
      metadata: { registration_id: String(id) },
    });
    expect(String(created?.body.success_url)).toMatch(
      /\/register\/confirmation\?token=[A-Za-z0-9_-]{43}&paid=1$/,
    );
    // The address is confirmed: the hold is kept, the link spent.
    const [reg] = await query<{ hold_expires_at: string | null }>(
      database,
      `select hold_expires_at from registrations where id = ${id}`,
    );
    expect(reg?.hold_expires_at).toBeNull();
  });

  it("keeps the representative's promise without Stripe's keys", async () => {
    await fx.register("zoe@example.org");
    const [confirmation] = await confirmationMail();
    expect(confirmation?.text_body).toContain("A representative will contact you");
    expect(confirmation?.text_body).not.toContain("Pay now by card");
  });
});

/** The e-mails telling staff of a card payment to refund. */
const attention = () =>
  query(
    database,
    "select to_address, subject, text_body from mail_messages where template = 'card-payment-attention' order by id",
  );

describe("Stripe's webhook", () => {
  async function openedFor(email: string) {
    const id = await fx.register(email, { name: "Zoë Nguyễn" });
    const opened = await open(id);
    return { id, session: sessionIdOf(opened.ok ? opened.value.url : "") };
  }

  it("pays the registration once: one payment, one receipt (its PDF read back), Paid; the same event again changes nothing", async () => {
    const { id, session } = await openedFor("zoe@example.org");
    fx.clearQueued();
    const delivered = await double.complete(session);
    expect(delivered.status).toBe(200);
    expect(await money()).toEqual({ payments: 1, receipts: 1, events: 1 });
    expect(await fx.statusOf(id)).toBe("paid");
    expect(await sessionsOf(id)).toEqual([
      { id: session, amount_cents: 120_000, status: "complete" },
    ]);
    const [payment] = await query<{
      method: string;
      amount_cents: number;
      received_on: string;
      stripe_id: string;
    }>(database, "select method, amount_cents, received_on::text, stripe_id from payments");
    expect(payment).toEqual({
      method: "card",
      amount_cents: 120_000,
      received_on: "2027-03-01",
      stripe_id: double.sessions.get(session)?.payment_intent,
    });
    // The same delivery again (Stripe retries): 200, nothing more.
    const replay = await double.post(delivered.payload, delivered.signature);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.text)).toEqual({ received: true, replay: true });
    // Another event for the same payment (its async success): recorded once still.
    expect((await double.complete(session, { async: true })).status).toBe(200);
    expect(await money()).toEqual({ payments: 1, receipts: 1, events: 2 });

    const receipts = await query<{ subject: string }>(
      database,
      "select subject from mail_messages where to_address = 'zoe@example.org' and subject like '%received%'",
    );
    expect(receipts).toEqual([
      { subject: "Receipt R-2027-0001: $1,200.00 received, thank you - Sigma Technology Partners" },
    ]);
    const [doc] = await query<{ number: string; pdf: Buffer }>(
      database,
      "select number, pdf from billing_documents where kind = 'receipt'",
    );
    expect(doc?.number).toBe("R-2027-0001");
    const file = join(dir, "receipt.pdf");
    writeFileSync(file, doc?.pdf ?? Buffer.alloc(0));
    execFileSync("qpdf", ["--check", file]);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const expected of ["R-2027-0001", "$1,200.00", "Zoë Nguyễn", "card"]) {
      expect(text).toContain(expected);
    }
  });

  it("waits for a delayed payment, and pays on its async success", async () => {
    const { id, session } = await openedFor("zoe@example.org");
    expect((await double.complete(session, { paymentStatus: "unpaid" })).status).toBe(200);
    expect(await money()).toEqual({ payments: 0, receipts: 0, events: 1 });
    expect(await fx.statusOf(id)).toBe("pending");
    expect((await double.complete(session, { async: true })).status).toBe(200);
    expect(await money()).toEqual({ payments: 1, receipts: 1, events: 2 });
    expect(await fx.statusOf(id)).toBe("paid");
  });

  it("refuses a forged or missing signature with 400 and changes nothing", async () => {
    const { id, session } = await openedFor("zoe@example.org");
    const stored = double.sessions.get(session);
    const event = {
      id: "evt_test_forged",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          ...stored,
          status: "complete",
          payment_status: "paid",
          payment_intent: "pi_test_forged",
        },
      },
    };
    const forged = await double.deliver(event, "whsec_someoneelse000000");
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.text)).toEqual({ error: "The Stripe signature does not match." });
    // A true signature over another body: the body was changed on the way.
    const real = double.sign(event, DOUBLE_WEBHOOK_SECRET);
    const tampered = await double.post(real.payload.replace("120000", "1"), real.signature);
    expect(tampered.status).toBe(400);
    const missing = await double.post(real.payload, null);
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.text)).toEqual({ error: "The Stripe-Signature header is missing." });
    expect(await money()).toEqual({ payments: 0, receipts: 0, events: 0 });
    expect(await fx.statusOf(id)).toBe("pending");
    expect(await sessionsOf(id)).toEqual([{ id: session, amount_cents: 120_000, status: "open" }]);
  });

  it("stores an event for a session it never opened as ignored, and pays nothing", async () => {
    const { id, session } = await openedFor("zoe@example.org");
    const stored = double.sessions.get(session);
    const delivered = await double.deliver({
      id: "evt_test_stranger",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          ...stored,
          id: "cs_test_notours",
          status: "complete",
          payment_status: "paid",
          payment_intent: "pi_test_x",
          amount_total: 1,
        },
      },
    });
    expect(delivered.status).toBe(200);
    expect(await money()).toEqual({ payments: 0, receipts: 0, events: 1 });
    const [event] = await query<{ outcome: string }>(database, "select outcome from stripe_events");
    expect(event?.outcome).toMatch(/^ignored/);
    expect(await fx.statusOf(id)).toBe("pending");
    // Paid at Stripe all the same: staff are told to refund it, nothing goes unnoticed.
    expect(await attention()).toEqual([
      {
        to_address: "sales@example.com",
        subject: expect.stringContaining("A card payment to refund: $0.01"),
        text_body: expect.stringContaining("pi_test_x"),
      },
    ]);
  });

  it("a payment after the registration was cancelled is recorded, and staff are told to refund it", async () => {
    const { id, session } = await openedFor("zoe@example.org");
    // The cancellation expires the open checkout at Stripe...
    expect(
      await cancelRegistration(
        { ...fx.services, cards: gateway },
        fx.admin,
        id,
        "Moved",
        NOW,
        "2027-03-01",
      ),
    ).toMatchObject({ ok: true });
    expect(double.requests.some((r) => r.path === `/v1/checkout/sessions/${session}/expire`)).toBe(
      true,
    );
    expect((await sessionsOf(id)).map((s) => s.status)).toEqual(["expired"]);
    // ...but the student's tab was paying at that moment: the money is recorded, not lost.
    expect((await double.complete(session)).status).toBe(200);
    expect(await money()).toEqual({ payments: 1, receipts: 1, events: 1 });
    expect(await fx.statusOf(id)).toBe("cancelled");
    expect(await attention()).toEqual([
      {
        to_address: "sales@example.com",
        subject: "A card payment to refund: $1,200.00 - Sigma Technology Partners",
        text_body: expect.stringContaining(
          `Registration ${id} has been paid $1,200.00 more than it owes`,
        ),
      },
    ]);
  });

  it("stores and ignores other event types", async () => {
    const delivered = await double.deliver({
      id: "evt_test_other",
      object: "event",
      type: "charge.succeeded",
      data: { object: {} },
    });
    expect(delivered.status).toBe(200);
    expect(await query(database, "select id, type, outcome from stripe_events")).toEqual([
      { id: "evt_test_other", type: "charge.succeeded", outcome: "ignored" },
    ]);
  });

  it("does not exist without Stripe's keys (404); with them, only POST (405)", async () => {
    const request = () =>
      new Request("http://localhost/api/webhooks/stripe", { method: "POST", body: "{}" });
    services = servicesWith({});
    expect(
      (
        (await webhookAction({
          request: request(),
          context: context(),
          params: {},
        } as never)) as Response
      ).status,
    ).toBe(404);
    expect(
      (
        (await webhookLoader({
          request: request(),
          context: context(),
          params: {},
        } as never)) as Response
      ).status,
    ).toBe(404);
    services = servicesWith(double.env);
    const get = (await webhookLoader({
      request: request(),
      context: context(),
      params: {},
    } as never)) as Response;
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const put = new Request("http://localhost/api/webhooks/stripe", { method: "PUT", body: "{}" });
    expect(
      ((await webhookAction({ request: put, context: context(), params: {} } as never)) as Response)
        .status,
    ).toBe(405);
  });
});
