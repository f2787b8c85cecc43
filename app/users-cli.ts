// Operator command (above the layers: it acts for identity and the pipeline at once): `npm run user -- create --email ... --role admin` and friends. It runs
// through tsx (package.json) because the invitation's HTML part is rendered from .tsx.
import { parseArgs } from "node:util";
import { recordAudit } from "#app/domain/audit/audit.server.ts";
import { sendInvitation } from "#app/domain/auth/account.server.ts";
import { accountEmails } from "#app/domain/auth/account-mail.server.ts";
import { removeAllPasskeys } from "#app/domain/auth/passkeys.server.ts";
import { generatePassword } from "#app/domain/auth/password.server.ts";
import { displayName, isRole, ROLES } from "#app/domain/auth/roles.ts";
import { clearTwoFactor } from "#app/domain/auth/two-factor.server.ts";
import {
  createUser,
  findUserByLogin,
  resetPassword,
  setUserDisabled,
  UserExistsError,
} from "#app/domain/auth/users.server.ts";
import { handBackRecords } from "#app/domain/leads/customer-commands.server.ts";
import { pipelineEmails } from "#app/domain/leads/pipeline-mail.server.ts";
import { loadMailBrand, type StaffMail } from "#app/domain/mail/brand.server.ts";
import { type Database, migrateDatabase } from "#app/platform/db/client.server.ts";
import { openConfiguredDatabase } from "#app/platform/db/connect.server.ts";
import { ConfigError, type Env, parseEnv } from "#app/platform/env.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { createOutbox, mailOptions } from "#app/platform/mail/outbox.server.ts";
import { openConfiguredStorage } from "#app/platform/storage/connect.server.ts";

const usage = `usage:
  npm run user -- create --email EMAIL --role ${ROLES.join("|")} [--username NAME] [--first NAME] [--last NAME] [--password PASSWORD]
  npm run user -- reset --email EMAIL_OR_USERNAME [--password PASSWORD]
  npm run user -- reset-2fa --email EMAIL_OR_USERNAME
  npm run user -- disable --email EMAIL_OR_USERNAME
  npm run user -- enable --email EMAIL_OR_USERNAME
create without --password e-mails an invitation to choose one (queued in the outbox; the
server delivers it). reset without --password generates one and prints it once; it also
unlocks and re-enables the account, and ends its sessions, as disable does. reset-2fa turns
two-factor codes off and removes the passkeys, for someone who lost their device and recovery
codes.`;

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
if (!command || !["create", "reset", "reset-2fa", "disable", "enable"].includes(command)) {
  fail(usage);
}
if (!email) fail(`--email is required\n${usage}`);
if (parsed.values.password !== undefined && parsed.values.password.length < 12) {
  fail("--password must be at least 12 characters");
}
const password = parsed.values.password ?? generatePassword();
const announce = () => {
  if (!parsed.values.password) console.log(`Password (shown once): ${password}`);
};

/** The outbox and brand, as the server queues mail (its outbox delivers what this queues). */
async function cliMail(env: Env, database: Database): Promise<StaffMail> {
  const logger = createLogger(env.LOG_LEVEL);
  await Promise.all([accountEmails(), pipelineEmails()]);
  return {
    outbox: createOutbox({ ...mailOptions(env), database, logger }),
    brand: await loadMailBrand({
      db: database.db,
      storage: openConfiguredStorage(env).storage,
      siteUrl: env.SITE_URL,
      logger,
    }),
  };
}

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
        const invite = parsed.values.password === undefined;
        // The invitation is queued like any message: the server's outbox delivers it.
        const mail = invite && (await cliMail(env, database));
        const user = await db.transaction(async (tx) => {
          const created = await createUser(tx, {
            email,
            role,
            password: parsed.values.password,
            username,
            firstName: first,
            lastName: last,
          });
          if (mail) await sendInvitation(tx, created, mail);
          await recordAudit(tx, {
            ...audit,
            action: "user_created",
            target: `user:${created.id}`,
            details: { email: created.email, role: created.role, invited: invite },
          });
          return created;
        });
        console.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
        if (invite) {
          console.log(
            "An invitation to choose a password is queued; the server e-mails it (see the Mail Log).",
          );
        }
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
      } else if (command === "reset-2fa") {
        const passkeysRemoved = await db.transaction(async (tx) => {
          await clearTwoFactor(tx, user.id);
          const removed = await removeAllPasskeys(tx, user.id);
          await recordAudit(tx, {
            ...audit,
            action: "two_factor_reset",
            target: `user:${user.id}`,
            details: { passkeysRemoved: removed },
          });
          return removed;
        });
        console.log(
          `Two-factor sign-in is off for ${user.email}${passkeysRemoved ? ` and ${passkeysRemoved} passkey(s) removed` : ""}; they can turn it on again.`,
        );
      } else {
        const disabled = command === "disable";
        // A disabled sales user's open leads go back to the queue; the managers are e-mailed.
        const mail = disabled && (await cliMail(env, database));
        const returned = await db.transaction(async (tx) => {
          await setUserDisabled(tx, user.id, disabled);
          await recordAudit(tx, {
            ...audit,
            action: disabled ? "user_disabled" : "user_enabled",
            target: `user:${user.id}`,
          });
          return mail
            ? handBackRecords(tx, mail, null, { id: user.id, name: displayName(user) }, "disabled")
            : 0;
        });
        console.log(`${user.email} is ${disabled ? "disabled; its sessions ended" : "enabled"}.`);
        if (returned) console.log(`${returned} open lead(s) went back to New leads.`);
      }
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
