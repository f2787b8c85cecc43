import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import {
  addCustomerNote,
  assignCustomer,
  type CustomerDetail,
  cleanNote,
  cleanQuery,
  cleanStatus,
  countCustomers,
  deleteCustomer,
  getCustomer,
  listCustomers,
  listSalesReps,
  type SalesRep,
  setCustomerStatus,
} from "#app/domain/leads/customers.server.ts";
import {
  formatFileSize,
  isLeadStatus,
  LEAD_STATUSES,
  MAIL_LABELS,
  NOTE_MAX,
  STATUS_ERROR,
  statusBadgeClass,
} from "#app/domain/leads/customers.ts";
import {
  AI_FEATURES,
  BUDGETS,
  INQUIRY_TYPES,
  labelOf,
  TIMELINES,
  WEBSITE_TYPES,
} from "#app/domain/leads/leads.ts";
import {
  CLASS_SCHEDULES,
  EXPERIENCE_LEVELS,
  formatDay,
  formatPrice,
  PAYMENT_METHODS,
} from "#app/domain/training/training.ts";
import { parseId } from "#app/platform/http.server.ts";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => [
  { title: "Customer Management | Admin | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filter = { status: cleanStatus(params.get("status")), q: cleanQuery(params.get("q")) };
  const leadId = parseId(params.get("lead") ?? undefined);
  const [customers, counts, selected, salesReps] = await Promise.all([
    listCustomers(services.db, filter),
    countCustomers(services.db, filter.q),
    leadId ? getCustomer(services.db, leadId) : null,
    listSalesReps(services.db),
  ]);
  const missing = params.has("lead") && !selected;
  return data(
    {
      customers,
      counts,
      filter,
      selected,
      missing,
      salesReps,
      confirmDelete: Boolean(selected) && params.get("delete") === "1",
      deleted: params.get("deleted")?.slice(0, 200) ?? null,
    },
    { status: missing ? 404 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return data({ ok: false as const, error: "The form could not be read." }, 400);
  const intent = form.get("intent");
  const id = parseId(String(form.get("id") ?? ""));
  const db = services.db;
  const notFound = () =>
    data({ ok: false as const, error: "That customer no longer exists." }, 404);
  const bad = (error: string) => data({ ok: false as const, error }, 400);

  switch (intent) {
    case "status": {
      const status = form.get("status");
      if (!isLeadStatus(status)) return bad(STATUS_ERROR);
      if (!id || !(await setCustomerStatus(db, id, status, actor))) return notFound();
      return { ok: true as const, intent, message: `Status changed to ${status}.` };
    }
    case "note": {
      const note = cleanNote(form.get("note"));
      if (!note.ok) return bad(note.error);
      if (!id || !(await addCustomerNote(db, id, note.value, actor))) return notFound();
      return { ok: true as const, intent, message: "Note added." };
    }
    case "assign": {
      const raw = String(form.get("userId") ?? "");
      const userId = raw === "" ? null : parseId(raw);
      if (raw !== "" && userId === null) return bad("Choose a sales rep from the list.");
      const result = id ? await assignCustomer(db, id, userId, actor) : "no-lead";
      if (result === "no-rep") return bad("Choose an active sales rep or manager.");
      if (result === "no-lead") return notFound();
      return {
        ok: true as const,
        intent,
        message: userId === null ? "The lead is now unassigned." : "Sales rep assigned.",
      };
    }
    case "delete": {
      const name = String(form.get("name") ?? "").slice(0, 200);
      if (!id || !(await deleteCustomer(services, id, actor))) return notFound();
      await services.invalidatePages();
      const back = new URL(request.url).searchParams;
      back.delete("lead");
      back.delete("delete");
      back.set("deleted", name || `lead ${id}`);
      throw redirect(`/admin/customers?${back}`);
    }
    default:
      return bad("Unknown action.");
  }
}

const button =
  "inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50";
const primary = `${button} bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400`;
const secondary = `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;
const danger = `${button} bg-red-700 text-white hover:bg-red-800`;
const control =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white";
const panel = "rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

/** The page's address with some parameters changed ("" or null removes one). */
function hrefWith(filter: { status: string; q: string }, changes: Record<string, string | null>) {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  for (const [key, value] of Object.entries(changes)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const query = params.toString();
  return query ? `/admin/customers?${query}` : "/admin/customers";
}

export default function CustomerManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { customers, counts, filter, selected, missing, salesReps, confirmDelete, deleted } =
    loaderData;
  const shown = filter.status ? (counts.byStatus[filter.status] ?? 0) : counts.total;
  const exportHref = `/api/customers/export${hrefWith(filter, {}).replace("/admin/customers", "")}`;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            Customer Management
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Every inquiry and course registration, newest first.
          </p>
        </div>
        <a href={exportHref} className={secondary} download>
          <Icon name="download" className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      </div>

      {deleted && (
        <div className="mt-4">
          <FormAlert kind="success">Customer "{deleted}" deleted.</FormAlert>
        </div>
      )}
      {actionData && !actionData.ok && (
        <div className="mt-4">
          <FormAlert kind="error">{actionData.error}</FormAlert>
        </div>
      )}
      {actionData?.ok && (
        <div className="mt-4">
          <FormAlert kind="success">{actionData.message}</FormAlert>
        </div>
      )}

      <Form
        method="get"
        action="/admin/customers"
        role="search"
        aria-label="Filter customers"
        className={`${panel} mt-6 grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end`}
      >
        <div>
          <label
            htmlFor="customer-status"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Status
          </label>
          <select
            id="customer-status"
            name="status"
            defaultValue={filter.status}
            key={`status-${filter.status}`}
            className={control}
          >
            <option value="">All statuses ({counts.total})</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s} ({counts.byStatus[s] ?? 0})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label
            htmlFor="customer-search"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Search
          </label>
          <input
            id="customer-search"
            type="search"
            name="q"
            defaultValue={filter.q}
            key={`q-${filter.q}`}
            placeholder="Name, email, company or phone"
            className={control}
          />
        </div>
        <button type="submit" className={primary}>
          <Icon name="search" className="size-4" aria-hidden="true" />
          Filter
        </button>
      </Form>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="customer-list" className={`${panel} min-w-0 p-4`}>
          <h2 id="customer-list" className="text-lg font-semibold text-slate-900 dark:text-white">
            Customers ({shown})
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {filter.status ? `Status ${filter.status}` : "All statuses"}
            {filter.q ? `, matching "${filter.q}"` : ""}
            {customers.length < shown ? `; the newest ${customers.length} are listed` : ""}
          </p>
          {customers.length === 0 ? (
            <p className="mt-4 text-slate-600 dark:text-slate-300">No customers match.</p>
          ) : (
            <ul
              aria-label="Customers"
              className="mt-3 max-h-96 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            >
              {customers.map((c) => {
                const current = selected?.id === c.id;
                return (
                  <li key={c.id}>
                    <Link
                      to={hrefWith(filter, { lead: String(c.id) })}
                      preventScrollReset
                      aria-current={current ? "true" : undefined}
                      data-testid={`customer-${c.id}`}
                      className={`block p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800 ${current ? "bg-brand-50 dark:bg-brand-950" : ""}`}
                    >
                      <span className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-semibold break-all text-slate-900 dark:text-white">
                          {c.name}
                        </span>
                        <StatusBadge status={c.status} />
                      </span>
                      <span className="block text-sm break-all text-slate-700 dark:text-slate-300">
                        {c.email}
                      </span>
                      {c.company && (
                        <span className="block text-sm break-all text-slate-700 dark:text-slate-300">
                          {c.company}
                        </span>
                      )}
                      <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
                        <span>Source: {c.source}</span>
                        <time dateTime={c.createdAt}>{c.createdLabel}</time>
                        <span>{MAIL_LABELS[c.mail]}</span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section aria-labelledby="customer-detail" className={`${panel} min-w-0 p-4 sm:p-6`}>
          {selected ? (
            <CustomerPanel
              customer={selected}
              salesReps={salesReps}
              filter={filter}
              confirmDelete={confirmDelete}
            />
          ) : (
            <div className="py-10 text-center">
              <h2
                id="customer-detail"
                className="text-lg font-semibold text-slate-900 dark:text-white"
              >
                No Customer Selected
              </h2>
              <p className="mt-1 text-slate-600 dark:text-slate-300">
                {missing
                  ? "That customer no longer exists. Select a customer from the list."
                  : "Select a customer from the list to view their details."}
              </p>
            </div>
          )}
        </section>
      </div>
    </>
  );
}

function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusBadgeClass(status)}`}
    >
      {status}
    </span>
  );
}

const MAIL_STATUS_LABELS: Record<string, string> = {
  sent: "Sent",
  pending: "Pending",
  failed: "Failed",
};

const MAIL_BADGES: Record<string, string> = {
  sent: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  pending: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="break-words text-slate-900 dark:text-slate-100">{value || "Not given"}</dd>
    </div>
  );
}

function SubHeading({ children }: { children: string }) {
  return (
    <h3 className="mt-6 mb-2 text-base font-semibold text-slate-900 dark:text-white">{children}</h3>
  );
}

function CustomerPanel({
  customer: c,
  salesReps,
  filter,
  confirmDelete,
}: {
  customer: CustomerDetail;
  salesReps: SalesRep[];
  filter: { status: string; q: string };
  confirmDelete: boolean;
}) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const reg = c.registration;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id="customer-detail"
            className="text-2xl font-bold break-all text-slate-900 dark:text-white"
          >
            {c.name}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {c.kind === "registration" ? "Course registration" : "Inquiry"} received{" "}
            <time dateTime={c.createdAt}>{c.createdLabel}</time>
          </p>
        </div>
        <StatusBadge status={c.status} />
      </div>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Form method="post" preventScrollReset className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="id" value={c.id} />
          <label
            htmlFor="lead-status"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Status
          </label>
          <div className="flex gap-2">
            <select
              id="lead-status"
              name="status"
              defaultValue={c.status}
              key={`${c.id}-${c.status}`}
              className={`${control} mt-0`}
            >
              {!(LEAD_STATUSES as readonly string[]).includes(c.status) && (
                <option value={c.status} disabled>
                  {c.status}
                </option>
              )}
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <button type="submit" className={primary} disabled={busy("status")}>
              {busy("status") ? "Saving..." : "Update"}
              <span className="sr-only"> status</span>
            </button>
          </div>
        </Form>
        <Form method="post" preventScrollReset className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="id" value={c.id} />
          <label
            htmlFor="lead-rep"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Sales rep
          </label>
          <div className="flex gap-2">
            <select
              id="lead-rep"
              name="userId"
              defaultValue={c.assignedTo ? String(c.assignedTo.id) : ""}
              key={`${c.id}-${c.assignedTo?.id ?? "none"}`}
              className={`${control} mt-0`}
            >
              <option value="">Unassigned</option>
              {c.assignedTo && !salesReps.some((r) => r.id === c.assignedTo?.id) && (
                <option value={c.assignedTo.id} disabled>
                  {c.assignedTo.name} (inactive)
                </option>
              )}
              {salesReps.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name} ({r.email})
                </option>
              ))}
            </select>
            <button type="submit" className={primary} disabled={busy("assign")}>
              {busy("assign") ? "Saving..." : "Assign"}
            </button>
          </div>
        </Form>
      </div>

      <SubHeading>Contact Information</SubHeading>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Email
          </dt>
          <dd className="break-all">
            <a href={`mailto:${c.email}`} className="text-brand-700 underline dark:text-brand-300">
              {c.email}
            </a>
          </dd>
        </div>
        <Fact label="Phone" value={c.phone} />
        <Fact label="Company" value={c.company} />
        <Fact label="Source" value={c.source} />
        {c.sourcePage && <Fact label="First page" value={c.sourcePage} />}
        <Fact label="Assigned to" value={c.assignedTo?.name ?? "Unassigned"} />
      </dl>

      <SubHeading>Project Details</SubHeading>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Inquiry type" value={labelOf(INQUIRY_TYPES, c.inquiryType)} />
        <Fact label="Website type" value={labelOf(WEBSITE_TYPES, c.websiteType)} />
        <Fact label="Budget range" value={labelOf(BUDGETS, c.budget)} />
        <Fact label="Timeline" value={labelOf(TIMELINES, c.timeline)} />
      </dl>

      <SubHeading>AI Features Requested</SubHeading>
      {c.aiFeatures.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">None</p>
      ) : (
        <ul aria-label="AI features" className="flex flex-wrap gap-2">
          {c.aiFeatures.map((f) => (
            <li
              key={f}
              className="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium break-all text-brand-900 dark:bg-brand-950 dark:text-brand-100"
            >
              {labelOf(AI_FEATURES, f)}
            </li>
          ))}
        </ul>
      )}

      <SubHeading>Project Description</SubHeading>
      <p
        data-testid="lead-message"
        className="text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200"
      >
        {c.message || "No description."}
      </p>

      {reg && (
        <>
          <SubHeading>Course Registration</SubHeading>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label="Course" value={reg.course} />
            <Fact label="Cohort" value={`Starts ${formatDay(reg.startDate)}`} />
            <Fact label="Class schedule" value={labelOf(CLASS_SCHEDULES, reg.classSchedule)} />
            <Fact label="Experience" value={labelOf(EXPERIENCE_LEVELS, reg.experience)} />
            <Fact label="Payment method" value={labelOf(PAYMENT_METHODS, reg.paymentMethod)} />
            <Fact label="Price" value={formatPrice(reg.priceCents)} />
            {reg.comments && <Fact label="Comments" value={reg.comments} />}
          </dl>
        </>
      )}

      <SubHeading>Uploaded Files</SubHeading>
      {c.files.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No files.</p>
      ) : (
        <ul aria-label="Uploaded files" className="space-y-1">
          {c.files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-2 text-sm">
              <Icon name="paperclip" className="size-4 text-slate-500" aria-hidden="true" />
              <a
                href={f.url}
                download
                className="font-medium break-all text-brand-700 underline dark:text-brand-300"
              >
                {f.originalName}
              </a>
              <span className="text-slate-600 dark:text-slate-400">({formatFileSize(f.size)})</span>
            </li>
          ))}
        </ul>
      )}

      <SubHeading>E-mail Delivery</SubHeading>
      {c.mailMessages.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No e-mail was sent.</p>
      ) : (
        <ul aria-label="E-mail delivery" className="space-y-2">
          {c.mailMessages.map((m) => (
            <li key={m.id} className="text-sm text-slate-800 dark:text-slate-200">
              <span
                className={`mr-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${MAIL_BADGES[m.status] ?? MAIL_BADGES.pending}`}
              >
                {MAIL_STATUS_LABELS[m.status] ?? m.status}
              </span>
              <span className="break-all">
                To {m.toAddress}: {m.subject}
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
                {m.lastError ? `; last error: ${m.lastError}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}

      <SubHeading>Notes</SubHeading>
      {c.legacyNotes && (
        <p className="mb-2 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
          {c.legacyNotes}
        </p>
      )}
      {c.notes.length === 0 && !c.legacyNotes ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No notes yet.</p>
      ) : (
        <ol aria-label="Notes" className="space-y-3">
          {c.notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800">
              <p className="text-xs text-slate-600 dark:text-slate-400">
                <time dateTime={n.createdAt}>{n.createdLabel}</time> by {n.author}
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
                {n.body}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" preventScrollReset className="mt-3 space-y-2">
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="id" value={c.id} />
        <label
          htmlFor="lead-note"
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Add a note
        </label>
        <textarea
          // A new note empties the box for the next one; an error keeps what was typed.
          key={`${c.id}-${c.notes.length}`}
          id="lead-note"
          name="note"
          rows={3}
          required
          maxLength={NOTE_MAX}
          className={control}
        />
        <button type="submit" className={primary} disabled={busy("note")}>
          {busy("note") ? "Adding..." : "Add Note"}
        </button>
      </Form>

      <div className="mt-8 border-t border-slate-200 pt-4 dark:border-slate-800">
        {confirmDelete ? (
          <div className="rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950">
            <h3 className="font-semibold text-red-900 dark:text-red-100">Delete this customer?</h3>
            <p className="mt-1 text-sm text-red-900 dark:text-red-100">
              The lead, its files and notes are removed
              {reg ? ", and its seat goes back to the cohort" : ""}. This cannot be undone.
            </p>
            <Form method="post" className="mt-3 flex flex-wrap gap-2">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={c.id} />
              <input type="hidden" name="name" value={c.name} />
              <button type="submit" className={danger} disabled={busy("delete")}>
                {busy("delete") ? "Deleting..." : "Delete customer"}
              </button>
              <Link
                to={hrefWith(filter, { lead: String(c.id) })}
                preventScrollReset
                className={secondary}
              >
                Cancel
              </Link>
            </Form>
          </div>
        ) : (
          <Link
            to={hrefWith(filter, { lead: String(c.id), delete: "1" })}
            preventScrollReset
            className={`${secondary} text-red-700 dark:text-red-300`}
          >
            <Icon name="trash" className="size-4" aria-hidden="true" />
            Delete customer
          </Link>
        )}
      </div>
    </>
  );
}
