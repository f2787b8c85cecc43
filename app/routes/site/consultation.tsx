import { type ReactNode, useEffect } from "react";
import { data, Form, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { DayTimes, TimeLinks } from "#app/components/consultations/time-links.tsx";
import { ContactFields } from "#app/components/inquiry/form-parts.tsx";
import { withSeo } from "#app/components/seo.ts";
import { lazyRules, useBrowserCheck } from "#app/components/ui/browser-check.ts";
import { FormAlert, SelectField, SubmitButton, TextArea } from "#app/components/ui/fields.tsx";
import { bookingFormSchema } from "#app/domain/consultations/consultation.schema.ts";
import { ANY_CONSULTANT, type SlotView } from "#app/domain/consultations/consultations.ts";
import {
  type BookingFailure,
  type BookingQuery,
  bookChosenTime,
  bookingPage,
  chooseTime,
} from "#app/domain/consultations/visitor-booking.server.ts";
import { formRateLimit, leadDepsOf } from "#app/domain/leads/inquiries.server.ts";
import { INQUIRY_TYPES } from "#app/domain/leads/leads.ts";
import { timeZoneLabel, US_TIME_ZONES } from "#app/domain/settings/clock.ts";
import { clientNetworkKey } from "#app/platform/client-network.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import { appContext } from "#app/platform/context.ts";
import { CORRECT_FIELDS } from "#app/platform/form-data.ts";
import { REFUSED_TEXT, refusedField } from "#app/platform/input-text.ts";
import { failure } from "#app/platform/result.ts";
import { firstErrors } from "#app/platform/validation.ts";
import { BOOKING_HEADERS, visitorKey, visitorOf } from "#app/web/consultation-visitor.server.ts";
import { BadInputError, BodyTooLargeError, readSmallForm, statusOf } from "#app/web/http.server.ts";
import type { Route } from "./+types/consultation";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Book a Free Consultation | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Choose a time that suits you for a free consultation about IT support, cybersecurity, AI solutions or training.",
    },
    { name: "robots", content: "noindex" },
  ]);

export const headers: Route.HeadersFunction = () => BOOKING_HEADERS;

function queryOf(url: URL, slug: string | undefined, form?: FormData): BookingQuery {
  // A post names the page's choices in its fields; the address says them for a link.
  const read = (key: string) => {
    const posted = form?.get(key);
    return typeof posted === "string" ? posted : url.searchParams.get(key);
  };
  return { slug, tz: read("tz"), with: read("with"), topic: read("topic"), from: read("from") };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const url = new URL(request.url);
  const result = await bookingPage(
    services.db,
    { ...queryOf(url, params.type), start: url.searchParams.get("start") },
    visitorKey(request),
    currentTime(services.env),
  );
  return data(
    { page: result.page, error: result.error },
    { status: result.reason ? statusOf(result.reason) : 200, headers: BOOKING_HEADERS },
  );
}

const refusedPost = (refusal: BookingFailure) =>
  data(refusal, { status: statusOf(refusal.reason), headers: BOOKING_HEADERS });

/** Reads the form; a refused character or a body too big answers before anything else. */
async function readPost(request: Request): Promise<FormData | BookingFailure> {
  try {
    return await readSmallForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return failure("too-large", error.message);
    }
    if (!(error instanceof BadInputError && error.form)) throw error;
    return error.form;
  }
}

// Two posts: choosing a time (intent "hold") holds it and shows the form by its address;
// sending the form books it.
export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(appContext);
  const limited = await formRateLimit(services);
  if (limited) return refusedPost(failure("too-many", limited));
  const form = await readPost(request);
  if (!(form instanceof FormData)) return refusedPost(form);
  const values = Object.fromEntries(
    [...form.entries()].filter(([, v]) => typeof v === "string") as [string, string][],
  );
  const refused = refusedField(Object.entries(values));
  if (refused) {
    return refusedPost(failure("invalid", CORRECT_FIELDS, { [refused]: REFUSED_TEXT }));
  }
  const url = new URL(request.url);
  const query = queryOf(url, params.type, form);
  // The page's own address (a script's post arrives at "/consultation.data").
  const pagePath = params.type ? `/consultation/${params.type}` : "/consultation";
  const visitor = visitorOf(request);
  const headers = new Headers(BOOKING_HEADERS);
  if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  const now = currentTime(services.env);
  const who = {
    start: values.start ?? "",
    holderKey: visitor.key,
    clientKey: clientNetworkKey(services.clientIp),
  };
  if (values.intent === "hold") {
    const chosen = await chooseTime(services.db, query, who, now);
    if (!chosen.ok) return data(chosen, { status: statusOf(chosen.reason), headers });
    throw redirect(`${pagePath}${chosen.value}`, { status: 303, headers });
  }
  const parsed = bookingFormSchema.safeParse(values);
  if (!parsed.success) {
    return refusedPost({
      ...failure("invalid", CORRECT_FIELDS, firstErrors(parsed.error.issues)),
      values,
    });
  }
  const deps = await leadDepsOf(services);
  const booked = await bookChosenTime(
    { db: services.db, outbox: services.outbox, brand: deps.brand },
    query,
    { ...who, sourcePage: pagePath, form: parsed.data, values },
    now,
  );
  if (!booked.ok) return data(booked, { status: statusOf(booked.reason), headers });
  const { bookingId, zone } = booked.value;
  const tz = zone ? `?tz=${encodeURIComponent(zone)}` : "";
  throw redirect(`/consultation/booked/${bookingId}${tz}`, { status: 303, headers });
}

// The form's rules, the action's own, imported when the visitor first focuses the form.
const bookingRules = lazyRules(() => import("#app/domain/consultations/consultation.schema.ts"));

/** The page's address with some of its query changed (`null` removes a key). */
function hrefWith(search: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}

export default function Consultation({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigation();
  const go = useNavigate();
  const page = loaderData.page;
  const search = new URLSearchParams(useLocation().search);
  const failed = (actionData ?? null) as BookingFailure | null;
  const check = useBrowserCheck({
    rules: bookingRules,
    // A refused post's answer, else the page's: a new one replaces what the browser found.
    answer: actionData ?? loaderData,
    errors: failed?.fieldErrors ?? {},
    message: failed?.error ?? page?.error ?? undefined,
    check: (form, rules) => rules?.bookingFormErrors(Object.fromEntries(form)) ?? null,
  });
  // Without a zone in the address the times are the company's; the browser knows the visitor's.
  useEffect(() => {
    if (!page || page.zoneChosen) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== page.timeZone) {
      const params = new URLSearchParams(window.location.search);
      params.set("tz", zone);
      go(`?${params}`, { replace: true, preventScrollReset: true });
    }
  }, [page, go]);

  if (!page) {
    return (
      <main id="main" className="container-page py-16">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Book a consultation</h1>
        <div className="mt-6">
          <FormAlert kind="error">{loaderData.error}</FormAlert>
        </div>
        <p className="mt-6">
          <Link to="/consultation" className="btn-primary">
            See the free times
          </Link>
        </p>
      </main>
    );
  }
  const zones = US_TIME_ZONES.some((z) => z.value === page.timeZone)
    ? US_TIME_ZONES
    : [...US_TIME_ZONES, { value: page.timeZone, label: page.timeZone }];
  const { errors } = check;
  const values = failed?.values ?? {};
  const next = failed?.next ?? page.next;
  const error = failed?.error ?? page.error;
  const busy = navigate.state === "submitting";
  const chosen = page.chosen;
  // The page's choices travel with every post (the address may lose them on the way).
  const choices = (
    <>
      <input type="hidden" name="with" value={page.consultant} />
      {page.zoneChosen && <input type="hidden" name="tz" value={page.timeZone} />}
      {page.topic && <input type="hidden" name="topic" value={page.topic} />}
    </>
  );

  return (
    <main id="main" className="py-12 sm:py-16">
      <div className="container-page max-w-4xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {page.type.name}
        </h1>
        {page.type.description && (
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{page.type.description}</p>
        )}
        <p className="mt-2 font-medium text-slate-800 dark:text-slate-200">
          {page.type.lengthMinutes} minutes, free of charge.
        </p>

        {page.types.length > 1 && (
          <nav aria-label="Kinds of consultation" className="mt-6 flex flex-wrap gap-2">
            {page.types.map((t) => (
              <Link
                key={t.slug}
                to={t.slug === "free" ? "/consultation" : `/consultation/${t.slug}`}
                aria-current={t.slug === page.type.slug ? "page" : undefined}
                className="rounded-full border border-slate-300 px-3 py-1 text-sm aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 dark:border-slate-700 dark:aria-[current=page]:bg-brand-950"
              >
                {t.name}
              </Link>
            ))}
          </nav>
        )}

        {chosen ? (
          <section aria-labelledby="details-heading" className="mt-10">
            <h2 id="details-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
              Your details
            </h2>
            <p className="mt-3 rounded-lg bg-brand-50 px-4 py-3 text-slate-800 dark:bg-brand-950 dark:text-slate-100">
              <strong>{chosen.when}</strong> ({timeZoneLabel(page.timeZone)})
              {chosen.consultantName ? ` with ${chosen.consultantName}` : ""}.{" "}
              {chosen.heldUntil
                ? `We hold this time for you until ${chosen.heldUntil}.`
                : "This time is not held for you: it is yours if it is still free when you send your details."}{" "}
              <Link to={hrefWith(search, { start: null })} className="underline">
                Choose another time
              </Link>
            </p>
            {check.message && (
              <div className="mt-6">
                <FormAlert kind="error">{check.message}</FormAlert>
              </div>
            )}
            {next.length > 0 && <NextTimes slots={next}>{choices}</NextTimes>}
            {/* The browser's own checks until the server's rules are here, then those. */}
            <Form
              method="post"
              className="mt-6 grid gap-5 sm:grid-cols-2"
              noValidate={check.ready}
              {...check.handlers}
            >
              <input type="hidden" name="intent" value="book" />
              <input type="hidden" name="start" value={chosen.start} />
              {choices}
              {/* The consultant calls the phone number given. */}
              <ContactFields
                form={{ errors, value: (key) => values[key] }}
                companyLabel="Company"
                companyRequired={false}
              />
              <div className="sm:col-span-2">
                <SelectField
                  label="Topic"
                  name="topic"
                  required
                  options={INQUIRY_TYPES}
                  placeholder="Choose a topic"
                  defaultValue={values.topic ?? page.topic}
                  error={errors.topic}
                />
              </div>
              <div className="sm:col-span-2">
                <TextArea
                  label="Message"
                  name="message"
                  defaultValue={values.message}
                  error={errors.message}
                  hint="Optional: what would you like to talk about?"
                  maxLength={5000}
                />
              </div>
              {errors.start && (
                <p className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
                  {errors.start}
                </p>
              )}
              <div className="sm:col-span-2">
                <SubmitButton busy={busy} label="Book this time" busyLabel="Booking..." />
              </div>
            </Form>
          </section>
        ) : (
          <section aria-labelledby="times-heading" className="mt-10">
            <h2 id="times-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
              Choose a time
            </h2>
            <Form
              key={`${page.timeZone} ${page.consultant}`}
              method="get"
              className="mt-4 grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto]"
            >
              <SelectField
                label="Time zone"
                name="tz"
                options={zones}
                defaultValue={page.timeZone}
              />
              <SelectField
                label="Consultant"
                name="with"
                options={[
                  { value: ANY_CONSULTANT, label: "Any available consultant" },
                  ...page.consultants.map((c) => ({ value: String(c.id), label: c.name })),
                ]}
                defaultValue={page.consultant}
              />
              {page.topic && <input type="hidden" name="topic" value={page.topic} />}
              <button type="submit" className="btn-secondary">
                Show times
              </button>
            </Form>
            {error && (
              <div className="mt-6">
                <FormAlert kind="error">{error}</FormAlert>
              </div>
            )}
            {next.length > 0 && <NextTimes slots={next}>{choices}</NextTimes>}
            <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
              Times are shown in {timeZoneLabel(page.timeZone)}. Choosing one holds it for you for
              10 minutes while you give your details.
            </p>
            {page.days.length === 0 ? (
              <p className="mt-6 text-slate-700 dark:text-slate-300">
                No free times in the coming weeks. Please call us, or choose another consultant.
              </p>
            ) : (
              <Form method="post" aria-label="Free times">
                <input type="hidden" name="intent" value="hold" />
                {choices}
                <DayTimes days={page.days} />
              </Form>
            )}
            <nav aria-label="More dates" className="mt-8 flex gap-4">
              {page.earlier && (
                <Link to={hrefWith(search, { from: null, start: null })} className="btn-secondary">
                  Earliest dates
                </Link>
              )}
              {page.later && (
                <Link
                  to={hrefWith(search, { from: page.later, start: null })}
                  className="btn-secondary"
                >
                  Later dates
                </Link>
              )}
            </nav>
          </section>
        )}
      </div>
    </main>
  );
}

/** After "just taken": the next free times, each a button that chooses it. */
function NextTimes({ slots, children }: { slots: SlotView[]; children: ReactNode }) {
  return (
    <Form method="post" className="mt-4">
      <p className="font-medium text-slate-800 dark:text-slate-200">The next free times:</p>
      <input type="hidden" name="intent" value="hold" />
      {children}
      <TimeLinks slots={slots} />
    </Form>
  );
}
