import { INQUIRY_TYPES } from "#app/domain/leads/leads.ts";
import { SelectField, TextArea } from "../ui/fields.tsx";
import { ContactFields, FormOutcome, InquiryHiddenFields, SendButton } from "./form-parts.tsx";
import { useInquiryResult } from "./use-inquiry.ts";

/**
 * The service pages' "Get Started" consultation form (every field required; the inquiry type
 * is the service's, see app/web/service-types.ts). It posts to the page it is on, which must export
 * `inquiryAction` as its action.
 */
export function ServiceInquiryForm({ service }: { service: string }) {
  const { result, errors, value } = useInquiryResult("service");
  return (
    <form method="post" action="?form=service" noValidate className="relative space-y-5">
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
      <FormOutcome result={result} />
      <SendButton label="Get Started" />
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
  const { result, errors, value } = useInquiryResult("general");
  return (
    <form method="post" action="?form=general" noValidate className="relative space-y-5">
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
      <FormOutcome result={result} />
      <SendButton label="Send Message" />
    </form>
  );
}
