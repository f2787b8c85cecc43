import { INQUIRY_TYPES } from "#app/domain/leads/leads.ts";
import { SelectField, SubmitButton, TextArea } from "../ui/fields.tsx";
import { ContactFields, FormOutcome, InquiryHiddenFields, SentInModal } from "./form-parts.tsx";
import { useInquiry } from "./use-inquiry.ts";

/**
 * The service pages' "Get Started" consultation form (every field required; the inquiry type
 * is the service's, see service-types.ts). Without JavaScript it posts to the page it is on, which must export
 * `inquiryAction` as its action.
 */
export function ServiceInquiryForm({
  service,
  onClose,
}: {
  service: string;
  /** In a modal: once sent, the success message and Close replace the form. */
  onClose?: () => void;
}) {
  const { state, onSubmit, onInput, formRef, errors, value, reset } = useInquiry({
    form: "service",
    endpoint: "/api/inquiries/service",
  });
  if (onClose && state.phase === "success") {
    return <SentInModal message={state.message} onClose={onClose} onAnother={reset} />;
  }
  return (
    <form
      ref={formRef}
      method="post"
      action="?form=service"
      onSubmit={onSubmit}
      onInput={onInput}
      noValidate
      className="relative space-y-5"
    >
      <InquiryHiddenFields />
      <input type="hidden" name="service" value={service} />
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields errors={errors} value={value} companyLabel="Company" companyRequired />
      </div>
      <TextArea
        label="Message"
        name="message"
        required
        rows={4}
        error={errors.message}
        defaultValue={value("message")}
      />
      <FormOutcome state={state} />
      <SubmitButton busy={state.phase === "sending"} label="Get Started" busyLabel="Sending..." />
    </form>
  );
}

/** The general inquiry form (inquiry type chosen by the visitor; company optional). */
export function GeneralInquiryForm({
  defaultType,
  defaultMessage,
}: {
  defaultType?: string;
  /** The message a visitor starts from (e.g. asking for a course's next dates). */
  defaultMessage?: string;
}) {
  const { state, onSubmit, onInput, formRef, errors, value } = useInquiry({
    form: "general",
    endpoint: "/api/inquiries/general",
  });
  return (
    <form
      ref={formRef}
      method="post"
      action="?form=general"
      onSubmit={onSubmit}
      onInput={onInput}
      noValidate
      className="relative space-y-5"
    >
      <InquiryHiddenFields />
      <SelectField
        label="Inquiry Type"
        name="inquiry_type"
        required
        placeholder="Select inquiry type"
        options={INQUIRY_TYPES}
        error={errors.inquiryType}
        defaultValue={value("inquiryType") ?? defaultType}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields
          errors={errors}
          value={value}
          companyLabel="Company (Optional)"
          companyRequired={false}
        />
      </div>
      <TextArea
        label="Message"
        name="message"
        required
        rows={4}
        error={errors.message}
        defaultValue={value("message") ?? defaultMessage}
      />
      <FormOutcome state={state} />
      <SubmitButton busy={state.phase === "sending"} label="Send Message" busyLabel="Sending..." />
    </form>
  );
}
