import { data } from "react-router";
import { addressWith } from "#app/components/admin/address.ts";
import { adminButton } from "#app/components/admin/buttons.ts";
import {
  DetailPanel,
  MasterDetail,
  PagedSelectableList,
} from "#app/components/admin/master-detail.tsx";
import {
  RegistrationDetails,
  RegistrationSummary,
  StatusBadge,
} from "#app/components/admin/registration-detail.tsx";
import {
  adminMeta,
  FilterBar,
  Notice,
  noticeOf,
  Panel,
  ScreenHeader,
  SearchField,
} from "#app/components/admin/screen.tsx";
import { SelectField } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { When } from "#app/components/ui/when.tsx";
import { registrationMoney } from "#app/domain/billing/billing-views.server.ts";
import { cleanPage, cleanQuery } from "#app/domain/leads/customers.server.ts";
import { PAGE_SIZE } from "#app/domain/leads/customers.ts";
import { dayIn, formatDay } from "#app/domain/settings/clock.ts";
import { cancellationPreview } from "#app/domain/training/cancellation-refunds.server.ts";
import {
  cancelSchema,
  moveSchema,
  paymentSchema,
} from "#app/domain/training/registration-admin.schema.ts";
import {
  cancelRegistration,
  completeRegistration,
  confirmRegistration,
  moveRegistration,
  type RegistrationOutcome,
  recordRegistrationPayment,
  registrationServicesOf,
} from "#app/domain/training/registration-admin.server.ts";
import { owedCents } from "#app/domain/training/registration-invoices.server.ts";
import {
  getRegistration,
  listRegistrations,
  registrationFilterOptions,
} from "#app/domain/training/registration-queries.server.ts";
import {
  isRegistrationStatus,
  REGISTRATION_STATUSES,
  REGISTRATION_TEXTS,
  STATUS_LABELS,
} from "#app/domain/training/registration-status.ts";
import { cohortWaitlist } from "#app/domain/training/waitlist.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { nestedErrors } from "#app/platform/validation.ts";
import { cardGateway } from "#app/web/card-gateway.server.ts";
import {
  done,
  fail,
  formValues,
  handleIntents,
  invalid,
  postedId,
  refused,
} from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { parseId } from "#app/web/http.server.ts";
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
  const [list, selected, options, waitlist, money] = await Promise.all([
    listRegistrations(services.db, filter, slice),
    id ? getRegistration(services.db, id, today) : null,
    registrationFilterOptions(services.db, courseId),
    filter.cohortId ? cohortWaitlist(services.db, filter.cohortId) : [],
    id ? registrationMoney(services.db, id) : null,
  ]);
  const missing = params.has("registration") && !selected;
  const confirmCancel = Boolean(selected) && params.get("cancel") === "1";
  return data(
    {
      ...list,
      filter,
      page,
      selected,
      money: selected && money ? { ...money, dueCents: owedCents(money.account, selected) } : null,
      missing,
      // "Cancel this registration?" is asked by the address (it works without script).
      confirmCancel,
      // What cancelling credits and gives back by the policy, shown before staff confirm.
      cancelPreview: confirmCancel && id ? await cancellationPreview(services.db, id, today) : null,
      options,
      today,
      waitlist: waitlist.map((w) => ({ ...w, at: w.at.toISOString() })),
    },
    { status: missing ? 404 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const now = currentTime(services.env);
  const today = dayIn(now);
  const changeServices = () => registrationServicesOf(services, cardGateway(services.env));
  /** The outcome as the screen shows it; a seat changed: the public pages are refreshed. */
  const answer = async (
    intent: string,
    outcome: RegistrationOutcome,
    values: Record<string, unknown> = {},
    seats = false,
  ) => {
    if (!outcome.ok) return refused(intent, outcome, values);
    if (seats) await services.invalidatePages();
    return done(intent, outcome.value);
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
    payment: async (form, intent) => {
      const id = postedId(form);
      if (!id) return missing(intent);
      const values = formValues(form, ["receivedOn", "amount", "method", "reference"]);
      const parsed = paymentSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, nestedErrors(parsed.error.issues), values);
      const { amount: amountCents, ...rest } = parsed.data;
      const outcome = await recordRegistrationPayment(
        await changeServices(),
        actor,
        id,
        { ...rest, amountCents },
        now,
        today,
      );
      if (!outcome.ok) return refused(intent, outcome, values);
      return done(intent, outcome.value.message);
    },
    cancel: async (form, intent) => {
      const id = postedId(form);
      if (!id) return missing(intent);
      const values = formValues(form, ["reason", "creditAmount", "overrideReason"]);
      const parsed = cancelSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, nestedErrors(parsed.error.issues), values);
      const { creditAmount, overrideReason = "" } = parsed.data;
      const outcome = await cancelRegistration(
        await changeServices(),
        actor,
        id,
        parsed.data.reason,
        now,
        today,
        // The policy's amount unless staff typed another (the domain wants a reason then).
        creditAmount == null ? undefined : { creditCents: creditAmount, reason: overrideReason },
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

export default function Registrations({ loaderData, actionData }: Route.ComponentProps) {
  const {
    rows,
    total,
    byStatus,
    filter,
    page,
    selected,
    money,
    missing,
    options,
    today,
    waitlist,
    confirmCancel,
    cancelPreview,
  } = loaderData;
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
        description="Every course registration with its status: confirm it, record a payment, cancel it, move the student to another date, or mark the course completed."
        action={
          filter.cohortId ? (
            <a
              href={addressWith("/api/admin/registrations/roster", {
                cohort: String(filter.cohortId),
              })}
              className={adminButton}
              download
            >
              <Icon name="download" className="size-4" />
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
        <SearchField value={filter.q} placeholder="Name, email, company or phone" />
      </FilterBar>

      <MasterDetail>
        <Panel title={`Registrations (${total})`} titleId="registration-list" className="min-w-0">
          <PagedSelectableList
            label="Registrations"
            empty={
              everyStatus === 0 && !filter.q && !filter.courseId
                ? "No course registrations yet. They appear here as students register on the course pages."
                : "No registrations match."
            }
            items={rows}
            selectedId={selected?.id}
            rowHref={rowHref}
            testId="registration"
            row={(r) => <RegistrationSummary row={r} />}
            page={page}
            total={total}
            pageHref={(n) => addressWith(PATH, here, { page: n > 1 ? String(n) : "" })}
          />
          {filter.cohortId && (
            <section aria-labelledby="waitlist-title" className="mt-6">
              <h3
                id="waitlist-title"
                className="text-base font-semibold text-slate-900 dark:text-white"
              >
                Waitlist of this date ({waitlist.length})
              </h3>
              {waitlist.length === 0 ? (
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  Nobody is waiting. When the date is full, visitors can join its waitlist; a freed
                  seat is offered to the first in line.
                </p>
              ) : (
                <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm">
                  {waitlist.map((w) => (
                    <li key={w.id}>
                      <a
                        href={rowHref(w.id)}
                        className="font-medium text-brand-700 underline dark:text-brand-300"
                      >
                        {w.name}
                      </a>{" "}
                      <span className="text-slate-600 dark:text-slate-400">
                        {w.email}, since <When at={w.at} />
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          )}
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
              money={money}
              today={today}
              failure={actionData && !actionData.ok ? actionData : null}
              cancelTo={`${rowHref(selected.id)}&cancel=1`}
              closeTo={rowHref(selected.id)}
              confirmCancel={confirmCancel}
              cancelPreview={cancelPreview}
            />
          )}
        </DetailPanel>
      </MasterDetail>
    </>
  );
}
