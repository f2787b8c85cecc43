// `npm run db:seed`: applies the migrations, then the seed steps that have not run yet.
import { currentTime } from "./platform/clock.server.ts";
import { migrateDatabase } from "./platform/db/client.server.ts";
import { openConfiguredDatabase } from "./platform/db/connect.server.ts";
import { ConfigError, parseEnv } from "./platform/env.server.ts";
import { seedDatabase } from "./seed.server.ts";

try {
  const env = parseEnv();
  const database = await openConfiguredDatabase(env);
  try {
    await migrateDatabase(database);
    console.log(`Migrations applied (${database.driver}).`);
    const applied = await seedDatabase(database.db, {
      now: currentTime(env),
      adminPassword: env.ADMIN_PASSWORD,
      demoPassword: env.DEMO_PASSWORD,
      announce: (lines) => console.log(lines.join("\n")),
    });
    console.log(applied.length ? `Seeded: ${applied.join(", ")}.` : "Seed: nothing to do.");
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
