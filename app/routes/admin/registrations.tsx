import { data } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { adminButton } from "#app/components/admin/buttons.ts";
import { FormArea, FormSelect, FormText } from "#app/components/admin/form-fields.tsx";
import {
  DetailNone,
  DetailPanel,
  DetailSection,
  Fact,
  FactList,
  MasterDetail,
  SelectableList,
  SelectableRow,
} from "#app/components/admin/master-detail.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import {
  adminMeta,
  Badge,
  badgeStyle,
  FilterBar,
  Notice,
  noticeOf,
  Panel,
  ScreenHeader,
} from "#app/components/admin/screen.tsx";
import { SelectField, TextField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { requireAdmin } from "#app/domain/auth/guard.server.ts";
import { cleanPage, cleanQuery } from "#app/domain/leads/customers.server.ts";
import { PAGE_SIZE } from "#app/domain/leads/customers.ts";
import { staffMailOf } from "#app/domain/mail/brand.server.ts";
import { salesEmailAddress } from "#app/domain/settings/staff-settings.server.ts";
import {
  cancelSchema,
  moveSchema,
  paymentSchema,
} from "#app/domain/training/registration-admin.schema.ts";
import {
  cancelRegistration,
  completeRegistration,
  confirmRegistration,
  getRegistration,
  listRegistrations,
  markRegistrationPaid,
  moveRegistration,
  type RegistrationDetail,
  type RegistrationOutcome,
  type RegistrationRow,
  registrationFilterOptions,
} from "#app/domain/training/registration-admin.server.ts";
import { registrationEmails } from "#app/domain/training/registration-mail.server.ts";
import {
  actionsFor,
  isRegistrationStatus,
  REGISTRATION_STATUSES,
  REGISTRATION_TEXTS,
  type RegistrationStatus,
  STATUS_LABELS,
} from "#app/domain/training/registration-status.ts";
import {
  dayIn,
  EXPERIENCE_LEVELS,
  formatDay,
  formatMoment,
  formatPrice,
  labelOf,
  PAYMENT_METHODS,
} from "#app/domain/training/training.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import {
  type ActionFailure,
  done,
  fail,
  formValues,
  handleIntents,
  invalid,
  postedId,
  refused,
} from "#app/platform/form-action.server.ts";
import { parseId } from "#app/platform/http.server.ts";
import { nestedErrors } from "#app/platform/validation.ts";
import type { Route } from "./+types/registrations";

export const meta: Route.MetaFunction = () => adminMeta("Registrations");

const PATH = "/admin/registrations";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const courseId = parseId(params.get("course") ?? undefined);
  const status = params.get("status") ?? "";
  const filter = {
    courseId,
    cohortId: courseId ? parseId(params.get("cohort") ?? undefined) : null,
    status: isRegistrationStatus(status) ? status : "",
    q: cleanQuery(params.get("q")),
  };
  const page = cleanPage(params.get("page"));
  const today = dayIn(currentTime(services.env));
  const id = parseId(params.get("registration") ?? undefined);
  const slice = { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const [list, selected, options] = await Promise.all([
    listRegistrations(services.db, filter, slice),
    id ? getRegistration(services.db, id, today) : null,
    registrationFilterOptions(services.db, courseId),
  ]);
  const missing = params.has("registration") && !selected;
  return data(
    { ...list, filter, page, selected, missing, options, today },
    { status: missing ? 404 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const now = currentTime(services.env);
  const today = dayIn(now);
  const changeServices = async () => ({
    db: services.db,
    mail: await staffMailOf(services, registrationEmails),
    salesEmail: await salesEmailAddress(services.db, services.env.SALES_EMAIL),
  });
  /** The outcome as the screen shows it; a seat changed: the public pages are refreshed. */
  const answer = async (
    intent: string,
    outcome: RegistrationOutcome,
    values: Record<string, unknown> = {},
    seats = false,
  ) => {
    if (!outcome.ok) return refused(intent, outcome, values);
    if (seats) await services.invalidatePages();
    return done(intent, outcome.message);
  };
  const missing = (intent: string) => fail(intent, REGISTRATION_TEXTS.notFound, 404);

  return handleIntents(request, {
    confirm: async (form, intent) => {
      const id = postedId(form);
      if (!id) return missing(intent);
      return answer(
        intent,
        await confirmRegistration(await changeServices(), actor, id, now, today),
      );
    },
    pay: async (form, intent) => {
      const id = postedId(form);
      if (!id) return missing(intent);
      const values = formValues(form, ["amount", "method", "paidOn"]);
      const parsed = paymentSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, nestedErrors(parsed.error.issues), values);
      const payment = {
        amountCents: parsed.data.amount,
        method: parsed.data.method,
        paidOn: parsed.data.paidOn,
      };
      const outcome = await markRegistrationPaid(services, actor, id, payment, now, today);
      return answer(intent, outcome, values);
    },
    cancel: async (form, intent) => {
      const id = postedId(form);
      if (!id) return missing(intent);
      const values = formValues(form, ["reason"]);
      const parsed = cancelSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, nestedErrors(parsed.error.issues), values);
      const outcome = await cancelRegistration(
        await changeServices(),
        actor,
        id,
        parsed.data.reason,
        now,
        today,
      );
      return answer(intent, outcome, values, true);
    },
    move: async (form, intent) => {
      const id = postedId(form);
      if (!id) return missing(intent);
      const values = formValues(form, ["cohortId"]);
      const parsed = moveSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, nestedErrors(parsed.error.issues), values);
      const outcome = await moveRegistration(
        await changeServices(),
        actor,
        id,
        parsed.data.cohortId,
        now,
        today,
      );
      return answer(intent, outcome, values, true);
    },
    complete: async (form, intent) => {
      const id = postedId(form);
      if (!id) return missing(intent);
      return answer(intent, await completeRegistration(services, actor, id, now, today));
    },
  });
}

const BADGES: Record<RegistrationStatus, string> = {
  pending: badgeStyle.warning,
  confirmed: badgeStyle.info,
  paid: badgeStyle.success,
  cancelled: badgeStyle.danger,
  completed: badgeStyle.muted,
  waitlisted: badgeStyle.muted,
  offered: badgeStyle.info,
};

function StatusBadge({ status }: { status: RegistrationStatus }) {
  return <Badge className={BADGES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export default function Registrations({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, byStatus, filter, page, selected, missing, options, today } = loaderData;
  // A refused action shows its message in its form; successes show in the status line.
  const shownInForm = actionData && !actionData.ok && selected;
  const notice = noticeOf(shownInForm ? undefined : actionData);
  const here = {
    course: filter.courseId ? String(filter.courseId) : "",
    cohort: filter.cohortId ? String(filter.cohortId) : "",
    status: filter.status,
    q: filter.q,
  };
  const rowHref = (id: number) =>
    addressWith(
      PATH,
      { ...here, page: page > 1 ? String(page) : "" },
      { registration: String(id) },
    );
  const everyStatus = Object.values(byStatus).reduce((sum, n) => sum + n, 0);

  return (
    <>
      <ScreenHeader
        title="Registrations"
        description="Every course registration with its status: confirm it, record payment, cancel it, move the student to another date, or mark the course completed."
        action={
          filter.cohortId ? (
            <a
              href={addressWith(`${PATH}/roster`, { cohort: String(filter.cohortId) })}
              className={adminButton}
              download
            >
              <Icon name="download" className="size-4" aria-hidden="true" />
              Export roster (CSV)
            </a>
          ) : undefined
        }
      />
      <Notice message={notice.message} error={notice.error} />

      <FilterBar
        action={PATH}
        label="Filter registrations"
        columns="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)_auto]"
      >
        <SelectField
          key={`course-${here.course}`}
          label="Course"
          name="course"
          placeholder="All courses"
          options={options.courses.map((c) => ({ value: String(c.id), label: c.title }))}
          defaultValue={here.course}
        />
        <SelectField
          key={`cohort-${here.course}-${here.cohort}`}
          label="Start date"
          name="cohort"
          placeholder={filter.courseId ? "All dates" : "Choose a course first"}
          options={options.cohorts.map((c) => ({ value: String(c.id), label: c.label }))}
          defaultValue={here.cohort}
        />
        <SelectField
          key={`status-${filter.status}`}
          label="Status"
          name="status"
          placeholder={`All statuses (${everyStatus})`}
          options={REGISTRATION_STATUSES.map((s) => ({
            value: s,
            label: `${STATUS_LABELS[s]} (${byStatus[s] ?? 0})`,
          }))}
          defaultValue={filter.status}
        />
        <TextField
          key={`q-${filter.q}`}
          label="Search"
          name="q"
          type="search"
          placeholder="Name, email, company or phone"
          defaultValue={filter.q}
        />
      </FilterBar>

      <MasterDetail>
        <Panel title={`Registrations (${total})`} titleId="registration-list" className="min-w-0">
          <SelectableList
            label="Registrations"
            empty={
              everyStatus === 0 && !filter.q && !filter.courseId
                ? "No course registrations yet. They appear here as students register on the course pages."
                : "No registrations match."
            }
          >
            {rows.map((r) => (
              <SelectableRow
                key={r.id}
                to={rowHref(r.id)}
                current={selected?.id === r.id}
                testId={`registration-${r.id}`}
              >
                <RegistrationSummary row={r} />
              </SelectableRow>
            ))}
          </SelectableList>
          <Pager
            page={page}
            total={total}
            label="Registration pages"
            href={(n) => addressWith(PATH, here, { page: n > 1 ? String(n) : "" })}
          />
        </Panel>

        <DetailPanel
          titleId="registration-detail"
          title={selected?.name}
          subtitle={
            selected && (
              <>
                {selected.course}, {formatDay(selected.startDate)}
              </>
            )
          }
          aside={selected && <StatusBadge status={selected.status} />}
          emptyTitle="No Registration Selected"
          emptyText={
            missing
              ? `${REGISTRATION_TEXTS.notFound} Select a registration from the list.`
              : "Select a registration from the list to see it and act on it."
          }
        >
          {selected && (
            <RegistrationDetails
              key={selected.id}
              registration={selected}
              today={today}
              failure={actionData && !actionData.ok ? actionData : null}
            />
          )}
        </DetailPanel>
      </MasterDetail>
    </>
  );
}

function RegistrationSummary({ row: r }: { row: RegistrationRow }) {
  return (
    <>
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold break-all text-slate-900 dark:text-white">{r.name}</span>
        <StatusBadge status={r.status} />
      </span>
      <span className="block text-sm break-all text-slate-700 dark:text-slate-300">{r.email}</span>
      <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
        <span>{r.course}</span>
        <span>Starts {formatDay(r.startDate)}</span>
        <span>{r.schedule}</span>
      </span>
    </>
  );
}

function RegistrationDetails({
  registration: r,
  today,
  failure,
}: {
  registration: RegistrationDetail;
  today: string;
  failure: ActionFailure | null;
}) {
  const actions = actionsFor(r.status, r.startDate, today);
  return (
    <>
      <DetailSection title="Student and course">
        <FactList>
          <Fact label="Email" value={r.email} />
          <Fact label="Phone" value={r.phone} />
          <Fact label="Company" value={r.company} />
          <Fact label="Course" value={r.course} />
          <Fact label="Start date">
            <time dateTime={r.startDate}>{formatDay(r.startDate)}</time>
          </Fact>
          <Fact label="Class schedule" value={r.schedule} />
          <Fact label="Price" value={formatPrice(r.priceCents)} />
          <Fact label="Payment method chosen" value={labelOf(PAYMENT_METHODS, r.paymentMethod)} />
          <Fact label="Experience" value={labelOf(EXPERIENCE_LEVELS, r.experience)} />
          <Fact label="Comments" value={r.comments} empty="None" />
          {r.paidCents !== null && (
            <Fact
              label="Paid"
              value={`${formatPrice(r.paidCents)} by ${labelOf(PAYMENT_METHODS, r.paidMethod ?? "")} on ${formatDay(r.paidOn ?? today)}`}
            />
          )}
          {r.cancelReason && <Fact label="Cancellation reason" value={r.cancelReason} />}
        </FactList>
        <p className="mt-3 text-sm">
          <a
            href={`/admin/customers?lead=${r.leadId}`}
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            Open the customer record
          </a>{" "}
          <span className="text-slate-600 dark:text-slate-400">(deal, notes and owner)</span>
        </p>
      </DetailSection>

      <DetailSection title="Actions">
        {actions.length === 0 ? (
          <DetailNone>
            Nothing more can be done with a {STATUS_LABELS[r.status].toLowerCase()} registration.
          </DetailNone>
        ) : (
          <div className="space-y-5">
            {actions.includes("confirm") && (
              <AdminForm intent="confirm" id={r.id} failure={failure} label="Confirm">
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  Confirming e-mails the student; if they have no Training Portal account, one is
                  made and the e-mail invites them to choose a password.
                </p>
                <FormActions submit="Confirm registration" busy="Confirming..." />
              </AdminForm>
            )}
            {actions.includes("pay") && (
              <AdminForm
                intent="pay"
                id={r.id}
                failure={failure}
                label="Mark paid"
                defaults={{
                  amount: (r.priceCents / 100).toFixed(2),
                  method: r.paymentMethod,
                  paidOn: today,
                }}
              >
                <div className="grid gap-3 sm:grid-cols-3">
                  <FormText label="Amount paid ($)" name="amount" required />
                  <FormSelect
                    label="Method"
                    name="method"
                    placeholder="Choose..."
                    options={PAYMENT_METHODS}
                    required
                  />
                  <FormText label="Paid on" name="paidOn" type="date" required />
                </div>
                <FormActions submit="Mark paid" busy="Saving..." />
              </AdminForm>
            )}
            {actions.includes("move") && (
              <AdminForm intent="move" id={r.id} failure={failure} label="Move to another date">
                {r.moveTargets.length === 0 ? (
                  <DetailNone>This course has no other upcoming date to move to.</DetailNone>
                ) : (
                  <>
                    <FormSelect
                      label="Move to"
                      name="cohortId"
                      placeholder="Choose a date..."
                      options={r.moveTargets.map((t) => ({
                        value: String(t.id),
                        label: `${formatDay(t.startDate)}, ${t.schedule} (${t.free > 0 ? `${t.free} seats free` : "full"})`,
                      }))}
                      required
                    />
                    <FormActions submit="Move the student" busy="Moving..." />
                  </>
                )}
              </AdminForm>
            )}
            {actions.includes("complete") && (
              <AdminForm intent="complete" id={r.id} failure={failure} label="Mark completed">
                <FormActions submit="Mark completed" busy="Saving..." />
              </AdminForm>
            )}
            {actions.includes("cancel") && (
              <AdminForm intent="cancel" id={r.id} failure={failure} label="Cancel registration">
                <FormArea
                  label="Reason for cancelling"
                  name="reason"
                  rows={2}
                  hint="Sent to the student in the cancellation e-mail."
                  required
                />
                <FormActions submit="Cancel registration" busy="Cancelling..." />
              </AdminForm>
            )}
          </div>
        )}
      </DetailSection>

      <DetailSection title="History">
        <ol className="space-y-2 text-sm">
          {r.history.map((h) => (
            <li key={h.id} className="text-slate-700 dark:text-slate-300">
              <time dateTime={h.at} className="font-medium text-slate-900 dark:text-white">
                {formatMoment(new Date(h.at))}
              </time>{" "}
              {h.from === null
                ? `Registered (${isRegistrationStatus(h.to) ? STATUS_LABELS[h.to] : h.to})`
                : h.from === h.to
                  ? "Changed"
                  : `${isRegistrationStatus(h.from) ? STATUS_LABELS[h.from] : h.from} → ${isRegistrationStatus(h.to) ? STATUS_LABELS[h.to] : h.to}`}{" "}
              by {h.by}
              {h.note && <span className="block text-slate-600 dark:text-slate-400">{h.note}</span>}
            </li>
          ))}
        </ol>
      </DetailSection>
    </>
  );
}
