// /admin/consultations: every booked consultation (issue 43) and the meeting types visitors
// book (issue 32, decision 0020).
import { Link } from "react-router";
import { AdminForm, FormActions } from "#app/components/admin/admin-form.tsx";
import { FormCheckbox, FormSelect, FormText } from "#app/components/admin/form-fields.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import {
  adminMeta,
  DataTable,
  Notice,
  noticeOf,
  Panel,
  ScreenHeader,
  TabNav,
} from "#app/components/admin/screen.tsx";
import { When } from "#app/components/ui/when.tsx";
import { listConsultations } from "#app/domain/consultations/consultation-changes.server.ts";
import {
  CONSULTATION_LISTS,
  type ConsultationList,
} from "#app/domain/consultations/consultations.ts";
import {
  listMeetingTypes,
  meetingTypeValues,
  saveMeetingType,
} from "#app/domain/consultations/meeting-types.server.ts";
import { INQUIRY_TYPES, labelOf } from "#app/domain/leads/leads.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import {
  type ActionFailure,
  done,
  fail,
  handleIntents,
  postedId,
  refused,
} from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import type { Route } from "./+types/consultations";

export const meta: Route.MetaFunction = () => adminMeta("Consultations");

const PAGE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const search = new URL(request.url).searchParams;
  const asked = search.get("show") ?? "";
  const show = (CONSULTATION_LISTS as readonly string[]).includes(asked)
    ? (asked as ConsultationList)
    : "upcoming";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(search.get("page") ?? "1", 10) || 1));
  const [types, booked] = await Promise.all([
    listMeetingTypes(services.db),
    listConsultations(services.db, show, currentTime(services.env), {
      offset: (page - 1) * PAGE,
      limit: PAGE,
    }),
  ]);
  return { types: types.map(meetingTypeValues), show, page, booked };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  const save = async (form: FormData, intent: string, id: number | null) => {
    const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    const result = await saveMeetingType(services.db, actor, id, values);
    if (!result.ok) return refused(intent, result, values);
    return done(intent, `${result.value} is saved.`);
  };
  return handleIntents(request, {
    add: (form, intent) => save(form, intent, null),
    save: (form, intent) => {
      const id = postedId(form);
      return id
        ? save(form, `save-${id}`, id)
        : fail(intent, "That meeting type no longer exists.", 404);
    },
  });
}

const SERVICES = [{ value: "", label: "Every service" }, ...INQUIRY_TYPES];

function TypeFields({ free }: { free?: boolean }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormText label="Name" name="name" required />
        {free ? (
          <input type="hidden" name="slug" value="free" />
        ) : (
          <FormText
            label="Address (/consultation/...)"
            name="slug"
            required
            hint="e.g. ai-design"
          />
        )}
      </div>
      <FormText label="Description (shown on the booking page)" name="description" />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormSelect label="Service" name="serviceType" options={SERVICES} />
        <FormText label="Length (minutes)" name="lengthMinutes" type="number" />
        <FormText label="Slot interval (minutes)" name="slotIntervalMinutes" type="number" />
        <FormText label="Buffer before (minutes)" name="bufferBeforeMinutes" type="number" />
        <FormText label="Buffer after (minutes)" name="bufferAfterMinutes" type="number" />
        <FormText label="Minimum notice (hours)" name="minNoticeHours" type="number" />
        <FormText label="Booking window (days)" name="windowDays" type="number" />
        <FormText
          label="Daily limit per consultant"
          name="dailyLimit"
          type="number"
          hint="Empty: no limit."
        />
      </div>
      {!free && <FormCheckbox name="active" value="on" label="Visitors can book it" />}
    </>
  );
}

const NEW_TYPE = {
  name: "",
  slug: "",
  description: "",
  serviceType: "",
  lengthMinutes: "30",
  bufferBeforeMinutes: "0",
  bufferAfterMinutes: "0",
  minNoticeHours: "4",
  windowDays: "30",
  slotIntervalMinutes: "30",
  dailyLimit: "",
  active: "on",
};

export default function Consultations({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;
  return (
    <>
      <ScreenHeader
        title="Consultations"
        description="Every booked consultation, and what visitors can book at /consultation with the rules of each. Consultants set their own hours at Consultation hours in their account; an admin can let users of other roles take consultations on the Users screen."
      />
      <Notice {...noticeOf(failure ? undefined : actionData)} />
      <BookedConsultations {...loaderData} />
      <h2 className="mt-10 text-xl font-semibold text-slate-900 dark:text-white">Meeting types</h2>
      <div className="mt-4 space-y-6">
        {loaderData.types.map((t) => (
          <Panel key={t.id} title={t.name} titleId={`type-${t.id}`}>
            <AdminForm
              intent={`save-${t.id}`}
              id={t.id}
              failure={failure}
              defaults={t}
              label={`Edit ${t.name}`}
              className="mt-4 space-y-4"
            >
              <TypeFields free={t.slug === "free"} />
              <FormActions submit={`Save ${t.name}`} busy="Saving..." />
            </AdminForm>
          </Panel>
        ))}
        <Panel title="Add a meeting type" titleId="add-type">
          <AdminForm intent="add" failure={failure} defaults={NEW_TYPE} className="mt-4 space-y-4">
            <TypeFields />
            <FormActions submit="Add meeting type" busy="Adding..." />
          </AdminForm>
        </Panel>
      </div>
    </>
  );
}

const LIST_LABELS: Record<ConsultationList, string> = {
  upcoming: "Upcoming",
  past: "Past",
  cancelled: "Cancelled",
};

const OUTCOMES: Record<string, string> = { held: "Held", no_show: "No-show" };

/** Every booked consultation, each opening its page (move, cancel, mark held). */
function BookedConsultations({ show, page, booked }: Route.ComponentProps["loaderData"]) {
  return (
    <section aria-labelledby="booked-title" className="mt-6">
      <h2 id="booked-title" className="text-xl font-semibold text-slate-900 dark:text-white">
        Booked consultations
      </h2>
      <TabNav
        label="Which consultations"
        tabs={CONSULTATION_LISTS.map((list) => ({
          to: `?show=${list}`,
          label: LIST_LABELS[list],
          current: list === show,
        }))}
      />
      <DataTable
        caption={`${LIST_LABELS[show]} consultations`}
        columns={["When", "Who", "Consultant", "Topic", "Status"]}
        count={`${booked.total} ${booked.total === 1 ? "consultation" : "consultations"}`}
        empty={`No ${LIST_LABELS[show].toLowerCase()} consultations.`}
      >
        {booked.rows.map((b) => (
          <tr key={b.id}>
            <td className="px-4 py-2">
              <Link
                to={`/sales-dashboard/consultations/${b.id}`}
                className="font-medium text-brand-700 underline dark:text-brand-300"
              >
                <When at={b.startsAt} />
              </Link>
            </td>
            <td className="px-4 py-2">
              {b.name}
              {b.company ? `, ${b.company}` : ""}
            </td>
            <td className="px-4 py-2">{b.consultantName}</td>
            <td className="px-4 py-2">{labelOf(INQUIRY_TYPES, b.topic)}</td>
            <td className="px-4 py-2">
              {b.status === "cancelled" ? "Cancelled" : (OUTCOMES[b.outcome ?? ""] ?? "Booked")}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager
        page={page}
        total={booked.total}
        pageSize={PAGE}
        label="Consultation pages"
        href={(n) => `?show=${show}&page=${n}`}
      />
    </section>
  );
}
