// The form posts every screen showing a customer record's detail answers the same way (admin
// Customer Management and the sales dashboard): status, note, owner and deal. Each screen adds
// its own (delete, and the dashboard's customer form) with handleIntents.

import {
  addCustomerNote,
  assignCustomer,
  cleanNote,
  keepCustomerWithOwner,
  setCustomerDeal,
  setCustomerStatus,
} from "#app/domain/leads/customer-commands.server.ts";
import { isLeadStatus, STATUS_ERROR } from "#app/domain/leads/customers.ts";
import { type PipelineActor, RECORD_NOT_FOUND } from "#app/domain/leads/pipeline.server.ts";
import { salesMailOf } from "#app/domain/leads/pipeline-mail.server.ts";
import { validateDeal } from "#app/domain/leads/records.schema.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { AppServices } from "#app/platform/context.ts";
import { failure, type Result, success } from "#app/platform/result.ts";
import { done, fail, formValues, postedId, refused } from "./form-action.server.ts";
import { parseId } from "./http.server.ts";

/** A posted user id: "" is none (null), a positive id is that user, anything else is undefined. */
function postedUser(value: FormDataEntryValue | null): number | null | undefined {
  const raw = String(value ?? "");
  return raw === "" ? null : (parseId(raw) ?? undefined);
}

export function recordIntents(actor: PipelineActor, services: AppServices) {
  const db = services.db;
  const answer = (intent: string, result: Result, message: string) =>
    result.ok ? done(intent, message) : fail(intent, result);
  const withId = async (
    form: FormData,
    intent: string,
    run: (id: number) => Promise<Result>,
    message: string,
  ) => {
    const id = postedId(form);
    return id ? answer(intent, await run(id), message) : fail(intent, RECORD_NOT_FOUND, 404);
  };

  return {
    status: (form: FormData, intent: string) => {
      const status = form.get("status");
      if (!isLeadStatus(status)) return fail(intent, STATUS_ERROR);
      const run = (id: number) => setCustomerStatus(db, actor, id, status);
      return withId(form, intent, run, `Status changed to ${status}.`);
    },
    note: (form: FormData, intent: string) => {
      const note = cleanNote(form.get("note"));
      if (!note.ok) return fail(intent, note.error);
      const run = async (id: number): Promise<Result> =>
        (await addCustomerNote(db, actor, id, note.value))
          ? success()
          : failure("not-found", RECORD_NOT_FOUND);
      return withId(form, intent, run, "Note added.");
    },
    assign: async (form: FormData, intent: string) => {
      const userId = postedUser(form.get("userId"));
      if (userId === undefined) return fail(intent, "Choose a sales rep from the list.");
      // The owner the form showed: a second manager's post is refused, not applied over the first.
      const expected = form.has("assignedFrom") ? postedUser(form.get("assignedFrom")) : undefined;
      const mail = await salesMailOf(services);
      const run = (id: number) => assignCustomer(db, mail, actor, id, userId, expected);
      const message = userId === null ? "The lead is back in New leads." : "Sales rep assigned.";
      return withId(form, intent, run, message);
    },
    "keep-owner": (form: FormData, intent: string) => {
      const run = (id: number) => keepCustomerWithOwner(db, actor, id);
      return withId(form, intent, run, "Kept with its sales rep: it left New leads.");
    },
    deal: (form: FormData, intent: string) => {
      const values = formValues(form, ["phase", "dealValue"]);
      const parsed = validateDeal(values);
      if (!parsed.ok) return refused(intent, parsed, values);
      const today = dayIn(currentTime(services.env));
      const run = (id: number) => setCustomerDeal(db, actor, id, parsed.value, today);
      return withId(form, intent, run, "Deal saved.");
    },
  };
}
