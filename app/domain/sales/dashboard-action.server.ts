// The sales dashboard's form posts: add, edit and delete a customer, work a record from its
// detail (status, deal, owner, notes: the same posts as Customer Management), set a target,
// record training progress. Each checks the signed-in user's scope on the server.

import { data, type RouterContextProvider, redirect } from "react-router";
import {
  createManualCustomer,
  deleteCustomer,
  updateCustomerRecord,
} from "#app/domain/leads/customer-commands.server.ts";
import { cleanPage, getCustomer } from "#app/domain/leads/customers.server.ts";
import { type PipelineActor, RECORD_NOT_FOUND } from "#app/domain/leads/pipeline.server.ts";
import { salesMailOf } from "#app/domain/leads/pipeline-mail.server.ts";
import { recordIntents } from "#app/domain/leads/record-actions.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { registrationMailOf } from "#app/domain/training/registration-mail.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { handleIntents, postedId } from "#app/web/form-action.server.ts";
import { requireSalesUser, seesAllSales } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
import { loadDashboard, recordProgress, setTarget } from "./dashboard.server.ts";
import {
  customerFromForm,
  type FieldErrors,
  targetFromForm,
  validateCustomer,
  validateTarget,
} from "./sales.schema.ts";

type Context = Readonly<RouterContextProvider>;

export const DASHBOARD_PATH = "/sales-dashboard";

/** What a finished write says on the page (`?done=`), by key: no free text in the address. */
export const DONE_MESSAGES = {
  added: "Customer added.",
  updated: "Customer updated.",
  deleted: "Customer deleted.",
  target: "Target saved.",
  progress: "Training progress saved.",
} as const;
export type DoneKey = keyof typeof DONE_MESSAGES;

/** The page's data, plus the customer the address opens for editing or deleting (if in scope). */
export async function dashboardLoader(request: Request, context: Context) {
  const user = await requireSalesUser(request, context);
  const services = context.get(appContext);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").slice(0, 200);
  const view = {
    search,
    page: cleanPage(url.searchParams.get("page")),
    newPage: cleanPage(url.searchParams.get("new")),
    customerId: url.searchParams.has("customer")
      ? (parseId(url.searchParams.get("customer") ?? "") ?? -1)
      : null,
  };
  const result = await loadDashboard(services, user, currentTime(services.env), view);
  const done = url.searchParams.get("done");
  const page = {
    search,
    page: view.page,
    newPage: view.newPage,
    confirmRecordDelete: url.searchParams.get("remove") === "1",
    adding: url.searchParams.get("add") === "1",
    playing: parseId(url.searchParams.get("module") ?? undefined),
    done: done && done in DONE_MESSAGES ? DONE_MESSAGES[done as DoneKey] : "",
  };
  if (!result.ok) return data({ ...page, ok: false as const, error: result.error }, 503);

  let notice = "";
  const pick = async (name: "edit" | "delete") => {
    const raw = url.searchParams.get(name);
    if (raw === null) return null;
    const id = parseId(raw);
    const customer = id ? await getCustomer(services.db, user, id) : null;
    if (!customer) notice = RECORD_NOT_FOUND;
    return customer;
  };
  const editing = await pick("edit");
  const deleting = await pick("delete");
  const body = {
    ...page,
    ok: true as const,
    ...result.data,
    editing: editing && {
      id: editing.id,
      name: editing.name,
      email: editing.email,
      company: editing.company,
      phone: editing.phone,
      phase: editing.phase,
      dealValueCents: editing.dealValueCents,
      repId: editing.assignedTo,
    },
    deleting: deleting && { id: deleting.id, name: deleting.name },
    notice: notice || (result.data.missing ? RECORD_NOT_FOUND : ""),
  };
  // Another rep's customer, or none: the same 404 (nothing says it exists).
  return body.notice ? data(body, 404) : body;
}

const fail = (status: 400 | 403 | 404 | 409 | 413, error: string) =>
  data({ ok: false as const, error }, status);

const valuesOf = (form: FormData) =>
  Object.fromEntries([...form].map(([k, v]) => [k, typeof v === "string" ? v : ""]));

const invalid = (
  intent: string,
  errors: FieldErrors,
  form: FormData,
  status: 400 | 409 = 400,
  error = "Please correct the highlighted fields.",
) => data({ ok: false as const, error, intent, errors, values: valuesOf(form) }, status);

const done = (key: DoneKey, hash = "") => redirect(`${DASHBOARD_PATH}?done=${key}${hash}`);

export async function dashboardAction(request: Request, context: Context) {
  const user = await requireSalesUser(request, context);
  const services = context.get(appContext);
  const actor: PipelineActor = { user, ip: services.clientIp };
  const today = dayIn(currentTime(services.env));

  const save = async (form: FormData, intent: string) => {
    const parsed = validateCustomer(customerFromForm(form));
    if (!parsed.ok) return invalid(intent, parsed.errors, form);
    const id = postedId(form);
    if (intent === "update" && !id) return fail(404, RECORD_NOT_FOUND);
    const result =
      intent === "create"
        ? await createManualCustomer(services.db, actor, parsed.data, today)
        : await updateCustomerRecord(
            services.db,
            await salesMailOf(services),
            actor,
            id as number,
            parsed.data,
            today,
          );
    if (!result.ok) {
      return "errors" in result
        ? result.status === 409
          ? invalid(intent, result.errors, form, 409, result.error)
          : invalid(intent, result.errors, form)
        : fail(result.status, result.error);
    }
    return done(intent === "create" ? "added" : "updated", "#customers");
  };

  return handleIntents(request, {
    ...recordIntents(actor, services),
    create: save,
    update: save,
    delete: async (form: FormData) => {
      const id = postedId(form);
      const mail = await registrationMailOf(services);
      const result = id ? await deleteCustomer({ ...services, mail }, actor, id) : null;
      if (!result?.ok) return fail(404, RECORD_NOT_FOUND);
      // A registration's seat may have come free: the course pages show availability.
      await services.invalidatePages();
      return done("deleted", "#customers");
    },
    target: async (form: FormData, intent: string) => {
      if (!seesAllSales(user)) return fail(403, "Only a manager can set targets.");
      const parsed = validateTarget(targetFromForm(form));
      if (!parsed.ok) return invalid(intent, parsed.errors, form);
      const result = await setTarget(services.db, actor, parsed.data);
      if (!result.ok) return invalid(intent, { scope: result.error }, form);
      return done("target", "#earnings");
    },
    progress: async (form: FormData) => {
      const id = postedId(form);
      const step = form.get("step");
      if (!id || (step !== "start" && step !== "complete")) {
        return fail(400, "Choose a training module and a step.");
      }
      if (!(await recordProgress(services.db, user.id, id, step))) {
        return fail(404, "Training module not found.");
      }
      // Opening a module without script shows its video (the address asks for it).
      return step === "start"
        ? redirect(`${DASHBOARD_PATH}?module=${id}#module-${id}`)
        : done("progress", `#module-${id}`);
    },
  });
}
