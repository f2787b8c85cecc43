// Operator command: `npm run user -- create --email ... --role admin` and friends.
import { parseArgs } from "node:util";
import { migrateDatabase } from "#app/platform/db/client.server.ts";
import { openConfiguredDatabase } from "#app/platform/db/connect.server.ts";
import { ConfigError, parseEnv } from "#app/platform/env.server.ts";
import { recordAudit } from "./audit.server.ts";
import { generatePassword } from "./password.server.ts";
import { isRole, ROLES } from "./roles.ts";
import {
  createUser,
  findUserByLogin,
  resetPassword,
  setUserDisabled,
  UserExistsError,
} from "./users.server.ts";

const usage = `usage:
  npm run user -- create --email EMAIL --role ${ROLES.join("|")} [--username NAME] [--first NAME] [--last NAME] [--password PASSWORD]
  npm run user -- reset --email EMAIL_OR_USERNAME [--password PASSWORD]
  npm run user -- disable --email EMAIL_OR_USERNAME
  npm run user -- enable --email EMAIL_OR_USERNAME
Without --password a password is generated and printed once. reset also unlocks and re-enables
the account; reset and disable end its sessions.`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      role: { type: "string" },
      username: { type: "string" },
      first: { type: "string" },
      last: { type: "string" },
      password: { type: "string" },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const [command] = parsed.positionals;
const { email, role, username, first, last } = parsed.values;
if (!command || !["create", "reset", "disable", "enable"].includes(command)) fail(usage);
if (!email) fail(`--email is required\n${usage}`);
if (parsed.values.password !== undefined && parsed.values.password.length < 10) {
  fail("--password must be at least 10 characters");
}
const password = parsed.values.password ?? generatePassword();
const announce = () => {
  if (!parsed.values.password) console.log(`Password (shown once): ${password}`);
};

try {
  const env = parseEnv();
  const database = await openConfiguredDatabase(env);
  try {
    await migrateDatabase(database);
    const { db } = database;
    const audit = { actorLabel: "cli", ip: "cli" };
    if (command === "create") {
      if (!isRole(role)) fail(`--role must be one of ${ROLES.join(", ")}`);
      try {
        const user = await createUser(db, {
          email,
          role,
          password,
          username,
          firstName: first,
          lastName: last,
        });
        await recordAudit(db, {
          ...audit,
          action: "user_created",
          target: `user:${user.id}`,
          details: { email: user.email, role: user.role },
        });
        console.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
        announce();
      } catch (error) {
        if (error instanceof UserExistsError) fail(error.message);
        throw error;
      }
    } else {
      const user = await findUserByLogin(db, email);
      if (!user) fail(`No user with the email or username ${email}.`);
      if (command === "reset") {
        await resetPassword(db, user.id, password);
        await recordAudit(db, { ...audit, action: "password_reset", target: `user:${user.id}` });
        console.log(`Password reset for ${user.email}; the account is unlocked and enabled.`);
        announce();
      } else {
        const disabled = command === "disable";
        await setUserDisabled(db, user.id, disabled);
        await recordAudit(db, {
          ...audit,
          action: disabled ? "user_disabled" : "user_enabled",
          target: `user:${user.id}`,
        });
        console.log(`${user.email} is ${disabled ? "disabled; its sessions ended" : "enabled"}.`);
      }
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
