import { useCallback, useId, useState } from "react";
import { Icon } from "#app/components/ui/icons.tsx";
import {
  AI_FEATURES,
  BUDGETS,
  TIMELINES,
  WEBSITE_TYPES,
} from "#app/domain/leads/ai-design-options.ts";
import { formatFileSize } from "#app/domain/media/media.ts";
import { CheckboxGroup, SelectField, SubmitButton, TextArea } from "../ui/fields.tsx";
import { ContactFields, FormOutcome, InquiryHiddenFields, SentInModal } from "./form-parts.tsx";
import { AI_DESIGN_PAGE } from "./inquiry-page.ts";
import { useInquiry } from "./use-inquiry.ts";

export const AI_DESIGN_ENDPOINT = "/api/customers/ai-design-inquiry";

const MAX_FILES = 5;
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const ALLOWED = /\.(jpe?g|png|gif|webp|pdf)$/i;

interface DroppedFile {
  name: string;
  reason: string;
}

/** Keeps at most 5 allowed files of at most 10 MB; says which were left out and why. */
function pickFiles(list: FileList | null): { kept: File[]; dropped: DroppedFile[] } {
  const kept: File[] = [];
  const dropped: DroppedFile[] = [];
  for (const file of Array.from(list ?? [])) {
    if (!ALLOWED.test(file.name))
      dropped.push({ name: file.name, reason: "not a JPG, PNG, GIF, WebP or PDF file" });
    else if (file.size > MAX_FILE_BYTES)
      dropped.push({ name: file.name, reason: "larger than 10 MB" });
    else if (kept.length >= MAX_FILES)
      dropped.push({ name: file.name, reason: "only 5 files can be attached" });
    else kept.push(file);
  }
  return { kept, dropped };
}

/** The "Start Your AI Design" inquiry: in the modal, and on its own page without JavaScript. */
export function AiDesignInquiryForm({
  onClose,
}: {
  /** In a modal: once sent, the success message and Close replace the form. */
  onClose?: () => void;
} = {}) {
  const [files, setFiles] = useState<{ kept: File[]; dropped: DroppedFile[] }>({
    kept: [],
    dropped: [],
  });
  const prepare = useCallback(
    (data: FormData) => {
      data.delete("files");
      for (const file of files.kept) data.append("files", file);
    },
    [files],
  );
  const succeeded = useCallback(() => setFiles({ kept: [], dropped: [] }), []);
  const { state, onSubmit, onInput, formRef, errors, value, checked, reset } = useInquiry({
    form: "ai-design",
    endpoint: AI_DESIGN_ENDPOINT,
    prepare,
    onSuccess: succeeded,
  });
  const filesId = useId();
  if (onClose && state.phase === "success") {
    return <SentInModal message={state.message} onClose={onClose} onAnother={reset} />;
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={`${AI_DESIGN_PAGE}?form=ai-design`}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onInput={onInput}
      noValidate
      className="relative space-y-5"
    >
      <InquiryHiddenFields />
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields
          errors={errors}
          value={value}
          companyLabel="Company"
          companyRequired={false}
        />
        <SelectField
          label="Website Type"
          name="website-type"
          required
          placeholder="Select website type"
          options={WEBSITE_TYPES}
          error={errors.websiteType}
          defaultValue={value("websiteType")}
        />
        <SelectField
          label="Budget"
          name="budget"
          placeholder="Select budget range"
          options={BUDGETS}
          error={errors.budget}
          defaultValue={value("budget")}
        />
        <SelectField
          label="Timeline"
          name="timeline"
          placeholder="Select timeline"
          options={TIMELINES}
          error={errors.timeline}
          defaultValue={value("timeline")}
        />
      </div>
      <CheckboxGroup
        legend="AI Features"
        name="ai-features"
        options={AI_FEATURES}
        error={errors.aiFeatures}
        defaultValues={checked("aiFeatures")}
      />
      <TextArea
        label="Project Details"
        name="message"
        required
        rows={4}
        error={errors.message}
        defaultValue={value("message")}
      />
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
          aria-describedby={`${filesId}-hint`}
          onChange={(e) => setFiles(pickFiles(e.currentTarget.files))}
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100 dark:text-slate-300 dark:file:bg-brand-950 dark:file:text-brand-200"
        />
        <p id={`${filesId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Up to 5 files: JPG, PNG, GIF, WebP or PDF, 10 MB each.
        </p>
        {files.kept.length > 0 && (
          <ul
            className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300"
            aria-label="Files to send"
          >
            {files.kept.map((f) => (
              <li key={`${f.name}-${f.size}`} className="flex items-center gap-2">
                <Icon name="paperclip" className="size-4" aria-hidden="true" /> {f.name} (
                {formatFileSize(f.size)})
              </li>
            ))}
          </ul>
        )}
        {files.dropped.length > 0 && (
          <ul
            className="mt-2 space-y-1 text-sm text-amber-800 dark:text-amber-300"
            aria-label="Files left out"
          >
            {files.dropped.map((f) => (
              <li key={f.name} className="flex items-center gap-2">
                <Icon name="x" className="size-4" aria-hidden="true" /> {f.name}: {f.reason}, not
                attached
              </li>
            ))}
          </ul>
        )}
      </div>
      <FormOutcome state={state} />
      <SubmitButton busy={state.phase === "sending"} label="Send Inquiry" busyLabel="Sending..." />
    </form>
  );
}
