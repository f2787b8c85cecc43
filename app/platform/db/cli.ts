// `npm run db:migrate`: applies the migrations to the configured database. (`npm run db:seed`
// is app/seed-cli.ts: the seed plan knows the business, the platform does not.)
import { ConfigError, parseEnv } from "../env.server.ts";
import { migrateDatabase } from "./client.server.ts";
import { openConfiguredDatabase } from "./connect.server.ts";

try {
  const database = await openConfiguredDatabase(parseEnv());
  try {
    await migrateDatabase(database);
    console.log(`Migrations applied (${database.driver}).`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
