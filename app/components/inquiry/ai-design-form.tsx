import { useId } from "react";
import {
  AI_FEATURES,
  BUDGETS,
  TIMELINES,
  WEBSITE_TYPES,
} from "#app/domain/leads/ai-design-options.ts";
import { CheckboxGroup, refill, SelectField } from "../ui/fields.tsx";
import { ContactFields, InquiryFormFrame, MessageField } from "./form-parts.tsx";
import { AI_DESIGN_PAGE } from "./inquiry-page.ts";
import { useInquiryResult } from "./use-inquiry.ts";

/**
 * The "Start Your AI Design" inquiry: on its own page and in the dialog of the pages with its
 * buttons. A plain multipart form: it posts to the AI design page, whose answer shows the
 * result; the server checks the attachments (at most 5, 10 MB each, JPG, PNG, GIF, WebP or
 * PDF) and says next to the field which one it refused.
 */
export function AiDesignInquiryForm() {
  const { result, form, checked } = useInquiryResult("ai-design");
  const filesId = useId();
  const filesError = form.errors.files;
  return (
    <InquiryFormFrame
      action={`${AI_DESIGN_PAGE}?form=ai-design`}
      multipart
      result={result}
      send="Send Inquiry"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields form={form} companyLabel="Company" companyRequired={false} />
        <SelectField
          label="Website Type"
          required
          placeholder="Select website type"
          options={WEBSITE_TYPES}
          {...refill(form, "websiteType", "website-type")}
        />
        <SelectField
          label="Budget"
          placeholder="Select budget range"
          options={BUDGETS}
          {...refill(form, "budget")}
        />
        <SelectField
          label="Timeline"
          placeholder="Select timeline"
          options={TIMELINES}
          {...refill(form, "timeline")}
        />
      </div>
      <CheckboxGroup
        legend="AI Features"
        name="ai-features"
        options={AI_FEATURES}
        error={form.errors.aiFeatures}
        defaultValues={checked("aiFeatures")}
      />
      <MessageField form={form} label="Project Details" />
      <div>
        <label
          htmlFor={filesId}
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Attachments
        </label>
        <input
          id={filesId}
          type="file"
          name="files"
          multiple
          accept=".jpg,.jpeg,.png,.gif,.webp,.pdf,image/jpeg,image/png,image/gif,image/webp,application/pdf"
          aria-describedby={`${filesId}-hint${filesError ? ` ${filesId}-error` : ""}`}
          aria-invalid={filesError ? true : undefined}
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100 dark:text-slate-300 dark:file:bg-brand-950 dark:file:text-brand-200"
        />
        <p id={`${filesId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Up to 5 files: JPG, PNG, GIF, WebP or PDF, 10 MB each.
        </p>
        {filesError && (
          <p id={`${filesId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
            {filesError} Please choose the files again.
          </p>
        )}
      </div>
    </InquiryFormFrame>
  );
}
