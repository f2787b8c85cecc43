// Operator commands: `npm run db:migrate`, `npm run db:seed`.
import { currentTime } from "../clock.server.ts";
import { ConfigError, parseEnv } from "../env.server.ts";
import { migrateDatabase } from "./client.server.ts";
import { openConfiguredDatabase } from "./connect.server.ts";
import { seedDatabase } from "./seed.server.ts";

const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("usage: node app/platform/db/cli.ts migrate|seed");
  process.exit(2);
}

try {
  const env = parseEnv();
  const database = await openConfiguredDatabase(env);
  try {
    await migrateDatabase(database);
    console.log(`Migrations applied (${database.driver}).`);
    if (command === "seed") {
      const applied = await seedDatabase(database.db, {
        now: currentTime(env),
        adminPassword: env.ADMIN_PASSWORD,
        demoPassword: env.DEMO_PASSWORD,
        announce: (lines) => console.log(lines.join("\n")),
      });
      console.log(applied.length ? `Seeded: ${applied.join(", ")}.` : "Seed: nothing to do.");
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
