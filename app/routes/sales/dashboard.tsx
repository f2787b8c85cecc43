// The sales dashboard: its loader reads the figures and records the user may see, its action
// takes the page's form posts (add, edit and delete a customer, work a record from its detail:
// the same posts as Customer Management, set a target, record training progress). Each checks
// the signed-in user's scope on the server.
import { data, redirect, useNavigate, useNavigation } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { RECORD_FORM_INTENTS } from "#app/components/leads/customer-detail.tsx";
import { ConsultationsPanel } from "#app/components/sales/consultations.tsx";
import { CustomerForm, DeleteConfirm } from "#app/components/sales/customers.tsx";
import {
  CustomerEditor,
  CustomersSection,
  DashboardHeader,
  DashboardNotices,
  DashboardUnavailable,
} from "#app/components/sales/dashboard-parts.tsx";
import {
  ActivityList,
  EarningsPanel,
  NewsCards,
  PipelinePanel,
  StatCards,
  TargetForm,
} from "#app/components/sales/overview.tsx";
import { NewLeads, RecordPanel } from "#app/components/sales/records.tsx";
import { sectionTitle } from "#app/components/sales/sales-ui.tsx";
import { TrainingCards } from "#app/components/sales/training.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import {
  createManualCustomer,
  deleteCustomer,
  updateCustomerRecord,
} from "#app/domain/leads/customer-commands.server.ts";
import { getCustomer } from "#app/domain/leads/customer-detail.server.ts";
import { cleanPage } from "#app/domain/leads/customers.server.ts";
import { type PipelineActor, RECORD_NOT_FOUND } from "#app/domain/leads/pipeline.server.ts";
import { salesMailOf } from "#app/domain/leads/pipeline-mail.server.ts";
import { customerFromFields, validateCustomer } from "#app/domain/leads/records.schema.ts";
import { loadDashboard, recordProgress, setTarget } from "#app/domain/sales/dashboard.server.ts";
import { targetFromFields, validateTarget } from "#app/domain/sales/sales.schema.ts";
import { seesAllSales } from "#app/domain/sales/scope.server.ts";
import { dayIn } from "#app/domain/settings/clock.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import type { FieldErrors } from "#app/platform/validation.ts";
import { customerDeletion } from "#app/web/customer-deletion.server.ts";
import { type ActionFailure, handleIntents, postedId } from "#app/web/form-action.server.ts";
import { noStore, requireSalesUser } from "#app/web/guard.server.ts";
import { parseId, statusOf } from "#app/web/http.server.ts";
import { recordIntents } from "#app/web/record-intents.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Sales Dashboard | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStore];

const PATH = "/sales-dashboard";

/** What a finished write says on the page (`?done=`), by key: no free text in the address. */
const DONE_MESSAGES = {
  added: "Customer added.",
  updated: "Customer updated.",
  deleted: "Customer deleted.",
  target: "Target saved.",
  progress: "Training progress saved.",
} as const;
type DoneKey = keyof typeof DONE_MESSAGES;

/** The page's data, plus the customer the address opens for editing or deleting (if in scope). */
export async function loader({ request, context }: Route.LoaderArgs) {
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
  if (!result.ok) {
    return data({ ...page, ok: false as const, error: result.error }, statusOf(result.reason));
  }

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
    ...result.value,
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
    notice: notice || (result.value.missing ? RECORD_NOT_FOUND : ""),
  };
  // Another rep's customer, or none: the same 404 (nothing says it exists).
  return body.notice ? data(body, 404) : body;
}

const fail = (status: number, error: string) => data({ ok: false as const, error }, status);

/** The first text of each posted field (as form.get reads it), for the schema to check. */
function textsOf(form: FormData): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, value] of form) {
    if (!(name in texts) && typeof value === "string") texts[name] = value;
  }
  return texts;
}

const valuesOf = (form: FormData) =>
  Object.fromEntries([...form].map(([k, v]) => [k, typeof v === "string" ? v : ""]));

const invalid = (
  intent: string,
  errors: FieldErrors,
  form: FormData,
  status: 400 | 409 = 400,
  error = CORRECT_FIELDS,
) => data({ ok: false as const, error, intent, errors, values: valuesOf(form) }, status);

const done = (key: DoneKey, hash = "") => redirect(`${PATH}?done=${key}${hash}`);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSalesUser(request, context);
  const services = context.get(appContext);
  const actor: PipelineActor = { user, ip: services.clientIp };
  const today = dayIn(currentTime(services.env));

  const save = async (form: FormData, intent: string) => {
    const parsed = validateCustomer(customerFromFields(textsOf(form)));
    if (!parsed.ok) return invalid(intent, parsed.fieldErrors ?? {}, form);
    const id = postedId(form);
    if (intent === "update" && !id) return fail(404, RECORD_NOT_FOUND);
    const result =
      intent === "create"
        ? await createManualCustomer(services.db, actor, parsed.value, today)
        : await updateCustomerRecord(
            services.db,
            await salesMailOf(services),
            actor,
            id as number,
            parsed.value,
            today,
          );
    if (!result.ok) {
      return result.fieldErrors
        ? result.reason === "conflict"
          ? invalid(intent, result.fieldErrors, form, 409, result.error)
          : invalid(intent, result.fieldErrors, form)
        : fail(statusOf(result.reason), result.error);
    }
    return done(intent === "create" ? "added" : "updated", "#customers");
  };

  return handleIntents(request, {
    ...recordIntents(actor, services),
    create: save,
    update: save,
    delete: async (form: FormData) => {
      const id = postedId(form);
      const result = id
        ? await deleteCustomer(services, actor, id, await customerDeletion(services))
        : null;
      if (!result?.ok) return fail(404, RECORD_NOT_FOUND);
      // A registration's seat may have come free: the course pages show availability.
      await services.invalidatePages();
      return done("deleted", "#customers");
    },
    target: async (form: FormData, intent: string) => {
      if (!seesAllSales(user)) return fail(403, "Only a manager can set targets.");
      const parsed = validateTarget(targetFromFields(textsOf(form)));
      if (!parsed.ok) return invalid(intent, parsed.fieldErrors ?? {}, form);
      const result = await setTarget(services.db, actor, parsed.value);
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
        ? redirect(`${PATH}?module=${id}#module-${id}`)
        : done("progress", `#module-${id}`);
    },
  });
}

export default function SalesDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === PATH;
  const base = page.search ? `${PATH}?q=${encodeURIComponent(page.search)}` : PATH;
  // The address with the lists' pages and the open record kept, some parameters changed.
  const current = {
    q: page.search,
    page: page.page > 1 ? String(page.page) : "",
    new: page.newPage > 1 ? String(page.newPage) : "",
    customer: page.ok && page.selected ? String(page.selected.id) : "",
  };
  const href = (changes: Record<string, string>) => addressWith(PATH, current, changes);

  const recordFailure =
    page.ok &&
    page.selected &&
    actionData &&
    !actionData.ok &&
    "intent" in actionData &&
    (RECORD_FORM_INTENTS as readonly string[]).includes(String(actionData.intent))
      ? (actionData as ActionFailure)
      : null;
  // Any other refusal shows at the top (a record form's shows in that form).
  const failure =
    actionData && !actionData.ok && !("errors" in actionData) && !recordFailure
      ? actionData.error
      : "";
  const saved = actionData?.ok && "message" in actionData ? actionData.message : "";
  // A form the server sent back: its messages and the values typed.
  const invalid =
    actionData && "errors" in actionData
      ? (actionData as unknown as {
          intent: string;
          errors: FieldErrors;
          values: Record<string, string>;
        })
      : null;
  const formErrors = (intent: string) =>
    invalid?.intent === intent ? { errors: invalid.errors, values: invalid.values } : {};

  const welcome = page.ok ? `Welcome, ${page.viewer.name}` : "Welcome";

  if (!page.ok) return <DashboardUnavailable welcome={welcome} error={page.error} retryTo={PATH} />;

  const { viewer } = page;
  const editorOpen = page.adding || Boolean(page.editing);
  const editor = editorOpen ? (
    <CustomerForm
      key={page.editing ? `edit-${page.editing.id}` : "add"}
      customer={page.editing}
      staff={page.staff}
      manager={viewer.manager}
      cancelTo={base}
      {...formErrors(page.editing ? "update" : "create")}
    />
  ) : null;
  const editorTitle = page.editing ? `Edit Customer: ${page.editing.name}` : "Add Customer";
  const confirm = page.deleting ? <DeleteConfirm customer={page.deleting} cancelTo={base} /> : null;
  // A dialog also fires "close" when the page closes it after a save: leave the address then.
  const close = (stillOpen: boolean) => () => {
    if (stillOpen) navigate(base, { preventScrollReset: true });
  };

  return (
    <StaffShell area="Sales Dashboard" welcome={welcome} signOutTo="/login">
      <DashboardHeader
        manager={viewer.manager}
        addTo={`${base}${page.search ? "&" : "?"}add=1#customer-form`}
      />

      <DashboardNotices
        loading={loading}
        message={saved || page.done}
        notice={page.notice}
        failure={failure}
      />

      <CustomerEditor
        hydrated={hydrated}
        editor={editor}
        editorTitle={editorTitle}
        confirm={confirm}
        deletingName={page.deleting?.name}
        close={close}
      />

      <div className="mt-6 space-y-10">
        {page.selected && (
          <RecordPanel
            customer={page.selected}
            staff={page.staff}
            manager={viewer.manager}
            closeTo={href({ customer: "" })}
            href={href}
            confirmDelete={page.confirmRecordDelete}
            failure={recordFailure}
          />
        )}
        <StatCards stats={page.stats} />
        {viewer.manager && (
          <NewLeads
            leads={page.newLeads}
            total={page.newLeadCount}
            page={page.newPage}
            href={href}
          />
        )}
        <ConsultationsPanel consultations={page.consultations} manager={viewer.manager} />
        <NewsCards news={page.news} />

        <section id="earnings" aria-labelledby="earnings-title" className="scroll-mt-4">
          <h2 id="earnings-title" className={`${sectionTitle} mb-4`}>
            Earnings
          </h2>
          <EarningsPanel earnings={page.earnings} manager={viewer.manager} />
          {viewer.manager && (
            <TargetForm targets={page.targets} month={page.month} {...formErrors("target")} />
          )}
        </section>

        <div className="grid gap-4 lg:grid-cols-2">
          <PipelinePanel pipeline={page.pipeline} />
          <ActivityList activity={page.activity} />
        </div>

        <section id="training" aria-labelledby="training-title" className="scroll-mt-4">
          <h2 id="training-title" className={sectionTitle}>
            Training and Development
          </h2>
          <TrainingCards training={page.training} playing={page.playing} />
        </section>

        <CustomersSection
          customers={page.customers}
          manager={viewer.manager}
          search={page.search}
          page={page.page}
          total={page.customerCount}
          href={href}
        />
      </div>
    </StaffShell>
  );
}
