import { useActionData } from "react-router";
import type { InquiryForm } from "#app/domain/leads/leads.ts";
import type { FieldErrors } from "#app/platform/validation.ts";
import type { InquiryResult } from "#app/web/inquiry.server.ts";

/**
 * What the server answered to a post of this inquiry form (decision 0022: the forms are plain
 * HTML forms on pages without the framework's script): its page's action data, with the
 * errors by field and the values the visitor typed, kept for the fields' defaults.
 */
export function useInquiryResult(form: InquiryForm) {
  const actionData = useActionData() as (InquiryResult & { form?: string }) | undefined;
  const result = actionData?.form === form ? actionData : undefined;
  const refused = result && !result.ok ? result : undefined;
  const errors: FieldErrors = refused?.fieldErrors ?? {};
  const values = refused?.values ?? {};
  /** What the visitor entered, kept after a refused post (for the fields' defaultValue). */
  const value = (name: string) =>
    typeof values[name] === "string" ? (values[name] as string) : undefined;
  const checked = (name: string) => {
    const list = values[name];
    return Array.isArray(list) ? list : [];
  };
  return { result, form: { errors, value }, checked };
}
