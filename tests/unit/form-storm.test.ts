// A storm of 2,000 form posts from one address, 50 at a time, against the built server: the
// first FORM_RATE_LIMIT are stored, the rest answer 429 with a message, none answers 5xx, and
// the stored leads are exactly the accepted answers.
// (Starts the built app: run `npm run build` first; `npm test` does.)
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { type AppServer, startAppServer } from "#tests/support/app-server.ts";
import { postGeneral } from "#tests/support/inquiry-posts.ts";

const POSTS = 2000;
const CONCURRENCY = 50;
const LIMIT = 150;

let server: AppServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("a storm of form posts from one address", () => {
  it(`${POSTS} posts: ${LIMIT} accepted, the rest 429, no 5xx, one lead per accepted post`, async () => {
    server = await startAppServer({ env: { FORM_RATE_LIMIT: String(LIMIT) } });
    const { url } = server;
    const statuses = new Map<number, number>();
    const accepted: number[] = [];
    let next = 0;
    let sample429: unknown;
    const worker = async () => {
      while (next < POSTS) {
        const i = next++;
        const res = await postGeneral(url, `storm-${i}@example.org`);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const body = (await res.json()) as { ok: boolean; customerId?: number };
        if (res.status === 200 && body.ok) accepted.push(body.customerId ?? 0);
        if (res.status === 429) sample429 ??= body;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    console.info(`storm: ${POSTS} posts in ${seconds.toFixed(1)} s`, Object.fromEntries(statuses));

    const fiveHundreds = [...statuses].filter(([status]) => status >= 500);
    expect(fiveHundreds).toEqual([]);
    expect([...statuses.keys()].sort()).toEqual([200, 429]);
    // A fixed window: a storm that straddles a window's end may get up to twice the limit in.
    expect(accepted.length).toBeGreaterThanOrEqual(LIMIT);
    expect(accepted.length).toBeLessThanOrEqual(2 * LIMIT);
    expect(sample429).toMatchObject({ ok: false, error: expect.stringMatching(/Too many/) });

    await server.halt();
    const database = await openDatabase({ dataDir: join(server.dataDir, "db") });
    try {
      const rows = (
        await database.pglite?.query<{ id: number }>(
          "select id from leads where kind <> 'manual' order by id",
        )
      )?.rows;
      expect(rows?.map((r) => r.id)).toEqual([...accepted].sort((a, b) => a - b));
      const mails = await database.pglite?.query<{ n: number }>(
        "select count(*)::int as n from mail_messages",
      );
      expect(mails?.rows[0]?.n).toBe(2 * accepted.length);
    } finally {
      await database.close();
    }
  }, 60_000);
});
