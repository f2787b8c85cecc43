// A public form's check in the browser with the server's own rules: the registration wizard
// and the booking form. The rules are the form's zod schema module, imported on first use
// (decision 0011: zod is never in a page's first scripts); until they are here the form posts
// and the server checks it with the same rules, so nothing depends on them.
import { type FormEvent, useState } from "react";
import { CORRECT_FIELDS } from "#app/domain/leads/leads.ts";
import type { FieldErrors } from "#app/platform/validation.ts";

/** A form's rules, imported once, when the visitor first focuses one of its forms. */
export interface LazyRules<Rules> {
  /** The module, once imported. */
  readonly current: Rules | undefined;
  /** Imports it (once; again after a failed import); resolves to `current`. */
  load(): Promise<Rules | undefined>;
}

/** `importRules` is a dynamic `import()` of the schema module; made once, at module level. */
export function lazyRules<Rules>(importRules: () => Promise<Rules>): LazyRules<Rules> {
  let current: Rules | undefined;
  let loading: Promise<Rules | undefined> | undefined;
  return {
    get current() {
      return current;
    },
    load() {
      loading ??= importRules().then(
        (module) => {
          current = module;
          return module;
        },
        () => {
          // Offline or a new build: the server still checks; the next focus tries again.
          loading = undefined;
          return undefined;
        },
      );
      return loading;
    },
  };
}

/**
 * Checks a form in the browser before it is sent: a form with errors is not sent, its fields
 * show the server's messages for the same input with the server's alert text, and the first
 * field in error takes the focus; a field's message goes as soon as that field is fixed.
 * Spread `handlers` on the form; show `errors` beside the fields and `message` in the alert.
 */
export function useBrowserCheck<Rules>({
  rules,
  answer,
  errors: answered,
  message: answeredMessage,
  check,
}: {
  rules: LazyRules<Rules>;
  /** The server's last answer (action data): the browser's findings belong to it. */
  answer: unknown;
  /** The server's messages by field in that answer. */
  errors: FieldErrors;
  /** The server's alert in that answer. */
  message: string | undefined;
  /** The form's errors by the server's rules (`rules` undefined until imported), or null. */
  check: (form: FormData, rules: Rules | undefined) => FieldErrors | null;
}) {
  const [checked, setChecked] = useState<{ from: unknown; errors: FieldErrors } | null>(null);
  // Whether the rules are here: the form may then leave the browser's own checks out (its
  // messages are not the server's) and show the server's instead.
  const [ready, setReady] = useState(() => rules.current !== undefined);
  // A new answer from the server replaces what the browser found.
  const local = checked && checked.from === answer ? checked : null;
  const errors = local ? local.errors : answered;
  const message = local
    ? Object.keys(local.errors).length > 0
      ? CORRECT_FIELDS
      : undefined
    : answeredMessage;

  const handlers = {
    onFocus() {
      if (!ready) void rules.load().then((module) => setReady(module !== undefined));
    },
    onInput(event: FormEvent<HTMLFormElement>) {
      const { name } = event.target as HTMLInputElement;
      if (!rules.current || !errors[name]) return;
      const now = check(new FormData(event.currentTarget), rules.current) ?? {};
      if (name in now) return;
      const { [name]: _fixed, ...left } = errors;
      setChecked({ from: answer, errors: left });
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      const found = check(new FormData(form), rules.current);
      if (!found) {
        setChecked(null);
        return;
      }
      event.preventDefault();
      setChecked({ from: answer, errors: found });
      requestAnimationFrame(() => {
        const field = form.querySelector<HTMLElement>("[aria-invalid='true']");
        // In the middle of the window: scrolled to its top edge (where focusing a field above
        // the window puts it) the site's sticky header would cover it.
        field?.focus({ preventScroll: true });
        field?.scrollIntoView({ block: "center" });
      });
    },
  };
  return { errors, message, ready, handlers };
}
