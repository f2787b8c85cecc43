import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useActionData } from "react-router";
import {
  type FieldErrors,
  formFields,
  type InquiryForm,
  type InquiryResult,
} from "#app/domain/leads/leads.ts";

export type InquiryState =
  | { phase: "idle" }
  | { phase: "sending" }
  | { phase: "success"; message: string }
  | {
      phase: "error";
      message: string;
      fieldErrors: FieldErrors;
      values?: Record<string, string | string[]>;
    };

/** The forms' rules (zod): loaded when a form is first used, not with every page. */
let rules: typeof import("#app/domain/leads/leads.schema.ts") | undefined;
const loadRules = () =>
  import("#app/domain/leads/leads.schema.ts").then((module) => {
    rules = module;
    return module;
  });

/** The errors the form's current values still have, among those shown (`shown`). */
function stillWrong(form: InquiryForm, element: HTMLFormElement, shown: FieldErrors) {
  if (!rules) return shown;
  const checked = rules.inquiryForms[form].safeParse(formFields(entriesOf(element)));
  const now = checked.success ? {} : rules.fieldErrorsOf(checked.error);
  return Object.fromEntries(
    Object.entries(shown).filter(([name]) => now[name as keyof typeof now] !== undefined),
  ) as FieldErrors;
}

const entriesOf = (element: HTMLFormElement | FormData) =>
  [...(element instanceof FormData ? element : new FormData(element)).entries()].filter(
    (e): e is [string, string] => typeof e[1] === "string",
  );

/**
 * Submission of a public inquiry form. Without JavaScript the form posts to its page, which
 * renders the result (`actionData`). With JavaScript it is checked against the same schema as
 * the server, then posted to the JSON endpoint without a reload.
 */
export function useInquiry({
  form,
  endpoint,
  prepare,
  onSuccess,
}: {
  form: InquiryForm;
  endpoint: string;
  /** Last changes to the posted data (e.g. only the files the browser accepted). */
  prepare?: (data: FormData) => void;
  onSuccess?: () => void;
}) {
  const actionData = useActionData() as (InquiryResult & { form?: string }) | undefined;
  const fromPage = actionData?.form === form ? actionData : undefined;
  const [state, setState] = useState<InquiryState>(() => stateOf(fromPage));
  const formRef = useRef<HTMLFormElement>(null);
  // A new key per successful send: a retry of the same send is one lead, a new message is not.
  // Rendered on the server for visitors without JavaScript; replaced in the browser.
  const [idempotencyKey, setIdempotencyKey] = useState(() =>
    typeof document === "undefined" ? crypto.randomUUID() : "",
  );
  useEffect(() => setIdempotencyKey(crypto.randomUUID()), []);

  // Fetch the rules as soon as the visitor starts on the form, so sending never waits for them.
  useEffect(() => {
    const element = formRef.current;
    const warm = () => void loadRules().catch(() => undefined);
    element?.addEventListener("focusin", warm, { once: true });
    return () => element?.removeEventListener("focusin", warm);
  }, []);

  useEffect(() => {
    if (fromPage) setState(stateOf(fromPage));
  }, [fromPage]);

  // After a refused send, once the errors are on screen: focus the first field in error (else
  // the message), so that a phone scrolls to it.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0 || !formRef.current) return;
    const form = formRef.current;
    const invalid = form.querySelector<HTMLElement>("[aria-invalid='true']");
    (invalid ?? form.querySelector<HTMLElement>("[role='alert']"))?.focus();
  }, [refusals]);

  /** A field's error goes as soon as the field is fixed; the message once none is left. */
  const onInput = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (state.phase !== "error" || Object.keys(state.fieldErrors).length === 0) return;
      const fieldErrors = stillWrong(form, event.currentTarget, state.fieldErrors);
      if (Object.keys(fieldErrors).length === Object.keys(state.fieldErrors).length) return;
      setState(
        Object.keys(fieldErrors).length === 0 ? { phase: "idle" } : { ...state, fieldErrors },
      );
    },
    [form, state],
  );

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const element = event.currentTarget;
      const data = new FormData(element);
      prepare?.(data);
      // Without the rules (they failed to load) the server's answer shows any mistakes.
      const loaded = await loadRules().catch(() => undefined);
      const checked = loaded?.inquiryForms[form].safeParse(formFields(entriesOf(data)));
      if (loaded && checked && !checked.success) {
        setState({
          phase: "error",
          message: "Please correct the highlighted fields.",
          fieldErrors: loaded.fieldErrorsOf(checked.error),
        });
        setRefusals((n) => n + 1);
        return;
      }
      setState({ phase: "sending" });
      let result: InquiryResult;
      try {
        const response = await fetch(endpoint, {
          method: "POST",
          body: data,
          headers: { Accept: "application/json" },
        });
        result = await response
          .json()
          .catch(() => ({ ok: false, error: `HTTP ${response.status}` }) as InquiryResult);
      } catch {
        result = { ok: false, error: "Network error" };
      }
      setState(stateOf(result));
      if (result.ok) {
        element.reset();
        setIdempotencyKey(crypto.randomUUID());
        onSuccess?.();
      } else {
        setRefusals((n) => n + 1);
      }
    },
    [form, endpoint, prepare, onSuccess],
  );

  const errors = state.phase === "error" ? state.fieldErrors : {};
  const values = state.phase === "error" ? (state.values ?? {}) : {};
  /** What the visitor entered, kept after a refused post (for the fields' defaultValue). */
  const value = (name: string) =>
    typeof values[name] === "string" ? (values[name] as string) : undefined;
  const checked = (name: string) => {
    const list = values[name];
    return Array.isArray(list) ? list : [];
  };

  return { state, onSubmit, onInput, formRef, idempotencyKey, errors, value, checked };
}

function stateOf(result: InquiryResult | undefined): InquiryState {
  if (!result) return { phase: "idle" };
  if (result.ok) return { phase: "success", message: result.message };
  return {
    phase: "error",
    message: result.error,
    fieldErrors: result.fieldErrors ?? {},
    values: result.values,
  };
}
