import { INQUIRY_TYPES } from "#app/domain/leads/leads.ts";
import { refill, SelectField } from "../ui/fields.tsx";
import { ContactFields, InquiryFormFrame, MessageField } from "./form-parts.tsx";
import { useInquiryResult } from "./use-inquiry.ts";

/**
 * The service pages' "Get Started" consultation form (every field required; the inquiry type
 * is the service's, see app/web/service-types.ts). It posts to the page it is on, which must export
 * `inquiryAction` as its action.
 */
export function ServiceInquiryForm({ service }: { service: string }) {
  const { result, form } = useInquiryResult("service");
  return (
    <InquiryFormFrame action="?form=service" result={result} send="Get Started">
      <input type="hidden" name="service" value={service} />
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields form={form} companyLabel="Company" companyRequired />
      </div>
      <MessageField form={form} label="Message" />
    </InquiryFormFrame>
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
  const { result, form } = useInquiryResult("general");
  const type = refill(form, "inquiryType", "inquiry_type");
  return (
    <InquiryFormFrame action="?form=general" result={result} send="Send Message">
      <SelectField
        label="Inquiry Type"
        required
        placeholder="Select inquiry type"
        options={INQUIRY_TYPES}
        {...type}
        defaultValue={type.defaultValue ?? defaultType}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields form={form} companyLabel="Company (Optional)" companyRequired={false} />
      </div>
      <MessageField form={form} label="Message" startWith={defaultMessage} />
    </InquiryFormFrame>
  );
}
