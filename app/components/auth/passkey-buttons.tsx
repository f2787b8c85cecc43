// Passkeys in the browser: "Sign in with a passkey" on the sign-in pages and "Add a passkey" on
// /account. WebAuthn needs script, so both show only once the page runs it in a browser that has
// WebAuthn; @simplewebauthn/browser loads on the first click, not with the page.
import { type FormEvent, useEffect, useState } from "react";
import { useSubmit } from "react-router";
import { FormAlert, TextField } from "#app/components/ui/fields.tsx";

/** Posts JSON; the answer's JSON, or an Error with its `error` ("Network error", "HTTP 500"). */
async function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error("Network error");
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(String(answer.error ?? `HTTP ${response.status}`));
  return answer;
}

/** What the browser's own refusal means to the person. */
function ceremonyError(error: unknown, cancelled: string): string {
  if (error instanceof Error && error.name === "NotAllowedError") return cancelled;
  return error instanceof Error ? error.message : String(error);
}

function useWebAuthn(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => setAvailable(typeof window.PublicKeyCredential === "function"), []);
  return available;
}

export function PasskeySignIn({ door, redirectTo }: { door: string; redirectTo?: string }) {
  const available = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  if (!available) return null;

  async function signIn() {
    setBusy(true);
    setError("");
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const { options, ticket } = await postJson("/api/auth/passkey/options", { door });
      const response = await startAuthentication({ optionsJSON: options as never });
      const done = await postJson("/api/auth/passkey/verify", { ticket, response, redirectTo });
      window.location.assign(String(done.redirectTo));
    } catch (e) {
      setError(ceremonyError(e, "The passkey sign-in was cancelled."));
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </p>
      <button type="button" className="btn-secondary w-full" onClick={signIn} disabled={busy}>
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </button>
      {error && <FormAlert kind="error">{error}</FormAlert>}
    </div>
  );
}

/**
 * The second step of a sign-in answered with a passkey: the options for the person's own
 * passkeys (the pending step is named by its cookie), then the page's own action signs in.
 */
export function PasskeySecondStep({
  redirectTo,
  error: shown,
  alone,
}: {
  redirectTo?: string;
  error?: string;
  /** The only way to finish: without a browser that can, the page says so. */
  alone: boolean;
}) {
  const available = useWebAuthn();
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  if (!available) {
    return alone ? (
      <FormAlert kind="error">
        Your account finishes signing in with a passkey, which needs a browser with JavaScript and
        passkey support.
      </FormAlert>
    ) : null;
  }

  async function use() {
    setBusy(true);
    setError("");
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const options = await postJson("/api/auth/login/passkey", {});
      const response = await startAuthentication({ optionsJSON: options as never });
      const form = new FormData();
      form.set("intent", "passkey");
      form.set("response", JSON.stringify(response));
      if (redirectTo) form.set("redirectTo", redirectTo);
      await submit(form, { method: "post" });
    } catch (e) {
      setError(ceremonyError(e, "Using the passkey was cancelled."));
    } finally {
      setBusy(false);
    }
  }

  const message = error || shown;
  return (
    <div className="space-y-3">
      <button
        type="button"
        className={alone ? "btn-primary w-full" : "btn-secondary w-full"}
        onClick={use}
        disabled={busy}
      >
        {busy ? "Waiting for your passkey..." : "Use your passkey"}
      </button>
      {message && <FormAlert kind="error">{message}</FormAlert>}
    </div>
  );
}

/**
 * /account's "Confirm it's you" with a passkey: the options for the person's own passkeys, then
 * the answer; `onConfirmed` reloads the page's data.
 */
export function PasskeyConfirm({ onConfirmed }: { onConfirmed: () => void }) {
  const available = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  if (!available) return null;

  async function confirm() {
    setBusy(true);
    setError("");
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const options = await postJson("/api/account/passkeys", { intent: "confirm-options" });
      const response = await startAuthentication({ optionsJSON: options as never });
      await postJson("/api/account/passkeys", { intent: "confirm", response });
      onConfirmed();
    } catch (e) {
      setError(ceremonyError(e, "Using the passkey was cancelled."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <button type="button" className="btn-secondary" onClick={confirm} disabled={busy}>
        {busy ? "Waiting for your passkey..." : "Use your passkey"}
      </button>
      {error && <FormAlert kind="error">{error}</FormAlert>}
    </div>
  );
}

/** /account's "Add a passkey": a name, then the browser creates it; `onAdded` refreshes the list. */
export function AddPasskey({ onAdded }: { onAdded: (name: string) => void }) {
  const available = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  if (!available) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Adding a passkey needs a browser with JavaScript and passkey support.
      </p>
    );
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("passkeyName") ?? "").trim();
    setBusy(true);
    setError("");
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const options = await postJson("/api/account/passkeys", { intent: "options" });
      const response = await startRegistration({ optionsJSON: options as never });
      await postJson("/api/account/passkeys", { intent: "register", name, response });
      form.reset();
      onAdded(name);
    } catch (e) {
      setError(ceremonyError(e, "Adding the passkey was cancelled."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={add} className="max-w-md space-y-3" aria-label="Add a passkey">
      <TextField
        label="Name of the new passkey"
        name="passkeyName"
        required
        maxLength={60}
        hint="Which device or password manager holds it, e.g. “Work laptop”."
      />
      {error && <FormAlert kind="error">{error}</FormAlert>}
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? "Waiting for your device..." : "Add a passkey"}
      </button>
    </form>
  );
}
