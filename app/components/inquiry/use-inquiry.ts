import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
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
  });

/** The errors of the form's values by the rules, or null (none, or the rules are not here). */
function errorsOf(form: InquiryForm, data: FormData): FieldErrors | null {
  const checked = rules?.inquiryForms[form].safeParse(
    formFields([...data].filter((e): e is [string, string] => typeof e[1] === "string")),
  );
  return rules && checked && !checked.success ? rules.fieldErrorsOf(checked.error) : null;
}

/** Focuses the first field in error (else the message), so that a phone scrolls to it. */
function focusFirstError(form: HTMLFormElement) {
  const invalid = form.querySelector<HTMLElement>("[aria-invalid='true']");
  (invalid ?? form.querySelector<HTMLElement>("[role='alert']"))?.focus();
}

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

  /** A field's error goes as soon as the field is fixed; the message once none is left. */
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    if (state.phase !== "error" || !rules) return;
    const now = errorsOf(form, new FormData(event.currentTarget)) ?? {};
    const shown = Object.entries(state.fieldErrors);
    const left = shown.filter(([name]) => name in now);
    if (left.length === shown.length) return;
    setState(left.length ? { ...state, fieldErrors: Object.fromEntries(left) } : { phase: "idle" });
  };

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const element = event.currentTarget;
      /** Shows a refused send's errors at once, then focuses the first field in error. */
      const refuse = (next: InquiryState) => {
        flushSync(() => setState(next));
        focusFirstError(element);
      };
      const data = new FormData(element);
      prepare?.(data);
      // Without the rules (they failed to load) the server's answer shows any mistakes.
      await loadRules().catch(() => undefined);
      const fieldErrors = errorsOf(form, data);
      if (fieldErrors) {
        refuse({
          phase: "error",
          message: "Please correct the highlighted fields.",
          fieldErrors,
        });
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
      if (!result.ok) return refuse(stateOf(result));
      setState(stateOf(result));
      element.reset();
      onSuccess?.();
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

  /** Back to an empty form (a modal's "Send another message"). */
  const reset = useCallback(() => setState({ phase: "idle" }), []);

  return { state, onSubmit, onInput, formRef, errors, value, checked, reset };
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
