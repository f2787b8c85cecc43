// How a person is named wherever a record says who acted (the audit log, versions, notes).
// Client-safe. It sits in the audit area, low in the areas' order, so that history and the
// others below identity can name people too; auth re-exports `displayName` for its own screens.

/** The name fields of an account. */
export interface PersonName {
  email: string;
  username: string | null;
  firstName: string;
  lastName: string;
}

/** "First Last", else the username, else the e-mail. */
export function displayName(user: PersonName) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.username || user.email;
}

/** An account's name fields as a left join reads them (all null: no account). */
export interface NamedAccount {
  email: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Who a record says acted: an account by name, with its address as a hint ("" when the name is
 * the address); without an account, what was recorded ("System", "Visitor", a typed login).
 */
export function actorName(label: string, account: NamedAccount): { name: string; email: string } {
  if (account.email === null) return { name: label, email: "" };
  const name = displayName({
    email: account.email,
    username: account.username,
    firstName: account.firstName ?? "",
    lastName: account.lastName ?? "",
  });
  return { name, email: account.email === name ? "" : account.email };
}
