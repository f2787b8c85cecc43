import {
  generalInquirySchema,
  INQUIRY_TYPES,
  serviceInquirySchema,
} from "#app/domain/leads/leads.schema.ts";
import { FormAlert, SelectField, TextArea, TextField } from "../ui/fields.tsx";
import { InquiryHiddenFields, SubmitButton } from "./hidden-fields.tsx";
import { useInquiry } from "./use-inquiry.ts";

/**
 * The service pages' "Get Started" consultation form (every field required; the inquiry type
 * is support). Without JavaScript it posts to the page it is on, which must export
 * `inquiryAction` as its action.
 */
export function ServiceInquiryForm({
  service,
  onSuccess,
}: {
  service: string;
  onSuccess?: () => void;
}) {
  const { state, onSubmit, formRef, idempotencyKey } = useInquiry({
    form: "service",
    endpoint: "/api/inquiries/service",
    schema: serviceInquirySchema,
    onSuccess,
  });
  const errors = state.phase === "error" ? state.fieldErrors : {};
  const values = state.phase === "error" ? (state.values ?? {}) : {};
  const value = (name: string) =>
    typeof values[name] === "string" ? (values[name] as string) : undefined;
  return (
    <form
      ref={formRef}
      method="post"
      action="?form=service"
      onSubmit={onSubmit}
      noValidate
      className="relative space-y-5"
    >
      <InquiryHiddenFields idempotencyKey={idempotencyKey} />
      <input type="hidden" name="service" value={service} readOnly />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          required
          autoComplete="name"
          error={errors.name}
          defaultValue={value("name")}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          error={errors.email}
          defaultValue={value("email")}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          error={errors.phone}
          defaultValue={value("phone")}
        />
        <TextField
          label="Company"
          name="company"
          required
          autoComplete="organization"
          error={errors.company}
          defaultValue={value("company")}
        />
      </div>
      <TextArea
        label="Message"
        name="message"
        required
        rows={4}
        error={errors.message}
        defaultValue={value("message")}
      />
      {state.phase === "success" && <FormAlert kind="success">{state.message}</FormAlert>}
      {state.phase === "error" && <FormAlert kind="error">{state.message}</FormAlert>}
      <SubmitButton busy={state.phase === "sending"} label="Get Started" busyLabel="Sending..." />
    </form>
  );
}

/** The general inquiry form (inquiry type chosen by the visitor; company optional). */
export function GeneralInquiryForm({ defaultType }: { defaultType?: string }) {
  const { state, onSubmit, formRef, idempotencyKey } = useInquiry({
    form: "general",
    endpoint: "/api/inquiries/general",
    schema: generalInquirySchema,
  });
  const errors = state.phase === "error" ? state.fieldErrors : {};
  const values = state.phase === "error" ? (state.values ?? {}) : {};
  const value = (name: string) =>
    typeof values[name] === "string" ? (values[name] as string) : undefined;
  return (
    <form
      ref={formRef}
      method="post"
      action="?form=general"
      onSubmit={onSubmit}
      noValidate
      className="relative space-y-5"
    >
      <InquiryHiddenFields idempotencyKey={idempotencyKey} />
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
        <TextField
          label="Name"
          name="name"
          required
          autoComplete="name"
          error={errors.name}
          defaultValue={value("name")}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          error={errors.email}
          defaultValue={value("email")}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          error={errors.phone}
          defaultValue={value("phone")}
        />
        <TextField
          label="Company (Optional)"
          name="company"
          autoComplete="organization"
          error={errors.company}
          defaultValue={value("company")}
        />
      </div>
      <TextArea
        label="Message"
        name="message"
        required
        rows={4}
        error={errors.message}
        defaultValue={value("message")}
      />
      {state.phase === "success" && <FormAlert kind="success">{state.message}</FormAlert>}
      {state.phase === "error" && <FormAlert kind="error">{state.message}</FormAlert>}
      <SubmitButton busy={state.phase === "sending"} label="Send Message" busyLabel="Sending..." />
    </form>
  );
}
