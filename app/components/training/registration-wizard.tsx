import { type FormEvent, useEffect, useState } from "react";
import { Form, useActionData, useLocation, useNavigation, useSubmit } from "react-router";
import { Icon } from "#app/components/ui/icons.tsx";
import { HONEYPOT_FIELD } from "#app/domain/leads/leads.ts";
import {
  cohortChoiceErrors,
  STEP_FIELDS,
  type Step,
  WIZARD_FIELDS,
  type WizardField,
  type WizardValues,
  wizardValuesOf,
} from "#app/domain/training/registration.ts";
import type { Selection, WizardState } from "#app/domain/training/registration-wizard.server.ts";
import { WIZARD_STEPS, type WizardTexts } from "#app/domain/training/training.ts";
import { ContactFields } from "../inquiry/form-parts.tsx";
import { lazyRules, useBrowserCheck } from "../ui/browser-check.ts";
import { FormAlert, Honeypot, refill, SelectField } from "../ui/fields.tsx";
import { PaymentStep, ScheduleStep } from "./registration-steps.tsx";

/** What the page's action answers: the wizard at a step, the thanks, or a refused post. */
export type WizardActionData =
  | WizardState
  | { ok: true; message: string }
  | { ok: false; error: string };

// The steps' rules (zod) load once the visitor starts on the form, not with the page. Until
// they are here a step simply goes to the server, which checks it with the same rules.
const rules = lazyRules(() => import("#app/domain/training/registration.schema.ts"));

/**
 * The three-step registration form. Each step is a POST to the page's action, which checks it
 * and answers the next step (or the same one with its errors); the values of the other steps
 * travel in hidden fields, so it works without JavaScript. With JavaScript each step is checked
 * in the browser first (once its rules have loaded), against the same rules.
 */
export function RegistrationWizard({
  catalogue,
  texts,
  initial,
}: {
  catalogue: { slug: string; shortTitle: string }[];
  /** The wizard's longer words (training.ts WIZARD_TEXTS, sent as page data). */
  texts: WizardTexts;
  initial: { values: WizardValues; selection: Selection };
}) {
  const actionData = useActionData() as WizardActionData | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const location = useLocation();

  // A stored registration leads to its confirmation page; only a refused bot stays here.
  const done = actionData?.ok === true;

  const state: WizardState =
    actionData && !actionData.ok && "step" in actionData
      ? actionData
      : {
          ok: false,
          step: 1,
          values: initial.values,
          fieldErrors: {},
          selection: initial.selection,
          error: actionData && !actionData.ok ? actionData.error : undefined,
        };
  const selection = state.selection ?? initial.selection;
  const { errors, message, handlers } = useBrowserCheck({
    rules,
    answer: actionData,
    errors: state.fieldErrors,
    message: state.error,
    check(data, loaded) {
      const posted = wizardValuesOf((name) => data.get(name));
      const found = loaded?.stepErrors(state.step, posted, data.get("waitlist") === "1") ?? null;
      if (found || state.step !== 2) return found;
      return cohortChoiceErrors(posted, selection.startDates).fieldErrors;
    },
  });
  const [chosenDate, setChosenDate] = useState(state.values.startDate ?? "");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer resets the chosen date
  useEffect(() => setChosenDate(state.values.startDate ?? ""), [actionData]);

  // The server refused a step: once its errors are on screen, focus the first field in error.
  useEffect(() => {
    if (!actionData || actionData.ok || !("fieldErrors" in actionData)) return;
    if (Object.keys(actionData.fieldErrors).length === 0) return;
    document.querySelector<HTMLElement>("#main form [aria-invalid='true']")?.focus();
  }, [actionData]);

  if (done) {
    return <FormAlert kind="success">{actionData.message}</FormAlert>;
  }

  const { step, values } = state;
  const value = (name: string) => values[name as WizardField];
  const form = { errors, value };
  // The chosen date is full: completing the form joins its waitlist.
  const waitlist = cohortChoiceErrors(values, selection.startDates).full;
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "submit";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "back") handlers.onSubmit(event);
  }

  return (
    <div>
      <Progress step={step} />
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        onInput={handlers.onInput}
        onFocus={handlers.onFocus}
        onChange={(event) => {
          const target = event.target as unknown as HTMLSelectElement;
          if (target.name === "startDate") setChosenDate(target.value);
          // Another course: its own registration page, with what was typed (the server answers
          // a 307 to that page, where the same values are posted again).
          if (target.name === "certificationInterest" && target.value) {
            const data = new FormData(event.currentTarget);
            data.set("intent", "switch");
            void submit(data, { method: "post", preventScrollReset: true });
          }
        }}
        className="relative mt-8 space-y-5"
        aria-labelledby="wizard-step-heading"
      >
        <input type="hidden" name="step" value={step} />
        <input type="hidden" name="sourcePage" value={location.pathname} />
        <Honeypot name={HONEYPOT_FIELD} />
        {WIZARD_FIELDS.filter((f) => !(STEP_FIELDS[step] as readonly string[]).includes(f)).map(
          (field) => (
            <input key={field} type="hidden" name={field} value={values[field] ?? ""} />
          ),
        )}

        <h2
          id="wizard-step-heading"
          className="text-xl font-semibold text-slate-900 dark:text-white"
        >
          Step {step} of 3: {WIZARD_STEPS[step - 1]}
        </h2>

        <div key={step} className="space-y-5">
          {step === 1 && (
            <>
              <SelectField
                label="Certification Interest"
                required
                placeholder="Select certification"
                options={catalogue.map((c) => ({ value: c.slug, label: c.shortTitle }))}
                {...refill(form, "certificationInterest")}
              />
              <div className="grid gap-5 sm:grid-cols-2">
                <ContactFields
                  form={form}
                  companyLabel="Company (Optional)"
                  companyRequired={false}
                />
              </div>
            </>
          )}
          {step === 2 && (
            <ScheduleStep
              startDates={selection.startDates}
              chosenDate={chosenDate}
              form={form}
              texts={texts}
            />
          )}
          {step === 3 && (
            <PaymentStep
              selection={selection}
              chosen={values}
              waitlistDate={waitlist ? (values.startDate ?? "") : null}
              texts={texts}
              form={form}
            />
          )}
        </div>

        {message && <FormAlert kind="error">{message}</FormAlert>}

        {/* Continue comes first in the markup, so Enter in a field continues rather than goes back. */}
        <div className="flex flex-col-reverse gap-3 sm:flex-row-reverse sm:justify-between">
          {step < 3 ? (
            <button type="submit" name="intent" value="continue" className="btn-primary">
              Continue
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="submit"
              disabled={submitting}
              className="btn-primary"
            >
              {submitting && (
                <span
                  className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                  aria-hidden="true"
                />
              )}
              {submitting
                ? "Submitting..."
                : waitlist
                  ? "Join the Waitlist"
                  : "Complete Registration"}
            </button>
          )}
          {step > 1 && (
            <button
              type="submit"
              name="intent"
              value="back"
              formNoValidate
              className="btn-secondary"
            >
              Back
            </button>
          )}
        </div>
      </Form>
    </div>
  );
}

function Progress({ step }: { step: Step }) {
  return (
    <ol aria-label="Registration progress" className="flex items-center gap-2 sm:gap-4">
      {WIZARD_STEPS.map((label, i) => {
        const n = i + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li
            key={label}
            aria-current={state === "current" ? "step" : undefined}
            className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left"
          >
            <span
              className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                state === "todo"
                  ? "border border-slate-300 text-slate-600 dark:border-slate-600 dark:text-slate-300"
                  : "bg-brand-600 text-white dark:bg-brand-500 dark:text-slate-950"
              }`}
            >
              {state === "done" ? <Icon name="check" className="size-4" /> : n}
            </span>
            <span
              className={`text-sm ${state === "current" ? "font-semibold text-slate-900 dark:text-white" : "text-slate-600 dark:text-slate-300"}`}
            >
              {label}
              {state === "done" && <span className="sr-only"> (completed)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
