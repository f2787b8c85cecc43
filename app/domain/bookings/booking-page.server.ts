// The booking page's loader and action (/consultation, /consultation/{type}), kept out of the
// route module: the days and times in the visitor's zone, the hold a chosen time makes, the
// form's post. Without JavaScript the zone is the company's; the page's script sends the
// browser's. Every answer is private and never stored by the page cache (it sets a cookie or
// shows times that change with every booking).
import { createHash, randomBytes } from "node:crypto";
import { data, redirect } from "react-router";
import { isHttps, readCookie } from "#app/domain/auth/cookie.server.ts";
import { formRateLimit, leadDepsOf, readSmallForm } from "#app/domain/leads/inquiries.server.ts";
import { fieldErrorsOf } from "#app/domain/leads/leads.schema.ts";
import { formatClock, formatMeeting, isTimeZone } from "#app/domain/settings/clock.ts";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { currentTime } from "#app/platform/clock.server.ts";
import type { RequestServices } from "#app/platform/context.ts";
import { BadInputError, BodyTooLargeError, NO_STORE } from "#app/platform/http.server.ts";
import { REFUSED_TEXT, refusedField } from "#app/platform/input-text.ts";
import { bookingFormSchema } from "./booking.schema.ts";
import {
  activeMeetingTypes,
  type BookingRefusal,
  bookingDays,
  bookTime,
  holdTime,
  type MeetingType,
  meetingTypeBySlug,
  meetingTypeView,
} from "./bookings.server.ts";
import {
  ANY_CONSULTANT,
  BOOKING_TEXTS,
  type ConsultantOption,
  type DayView,
  type MeetingTypeView,
  type SlotView,
  VISITOR_COOKIE,
} from "./bookings.ts";
import { listConsultants } from "./consultants.server.ts";

export const BOOKING_HEADERS = {
  "Cache-Control": NO_STORE,
  // A chosen time's page holds it: search engines follow none of these links.
  "X-Robots-Tag": "noindex, nofollow",
};

/** The visitor's hold key: the cookie's SHA-256; a new cookie when there is none. */
function visitorOf(request: Request): { key: string; setCookie: string | null } {
  const present = readCookie(request, VISITOR_COOKIE);
  const value =
    present && /^[A-Za-z0-9_-]{43}$/.test(present)
      ? present
      : randomBytes(32).toString("base64url");
  const secure = isHttps(request) ? "; Secure" : "";
  return {
    key: createHash("sha256").update(value).digest("hex"),
    setCookie:
      value === present
        ? null
        : `${VISITOR_COOKIE}=${value}; Path=/consultation; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`,
  };
}

/** The hold key of the browser's booking cookie, if it has one. */
export function visitorKey(request: Request): string | null {
  const present = readCookie(request, VISITOR_COOKIE);
  return present && /^[A-Za-z0-9_-]{43}$/.test(present)
    ? createHash("sha256").update(present).digest("hex")
    : null;
}

const clientKeyOf = (ip: string) => createHash("sha256").update(ip).digest("hex");

export interface BookingPageData {
  type: MeetingTypeView;
  types: MeetingTypeView[];
  consultants: ConsultantOption[];
  consultant: string;
  timeZone: string;
  /** The zone came from the address (else it is the company's, and the script may offer the browser's). */
  zoneChosen: boolean;
  companyZone: string;
  topic: string;
  days: DayView[];
  later: string | null;
  earlier: boolean;
  /** A chosen time held for the visitor: the form step. */
  held: {
    start: string;
    when: string;
    consultantName: string;
    heldUntil: string;
  } | null;
  error: string | null;
  next: SlotView[];
}

/** What a refused booking post answers: the message, the fields' errors, what was typed. */
export interface BookingFailure {
  ok: false;
  error: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  next?: SlotView[];
}

interface PageQuery {
  type: MeetingType;
  timeZone: string;
  zoneChosen: boolean;
  consultant: string;
  companyZone: string;
  topic: string;
}

async function readQuery(
  services: RequestServices,
  url: URL,
  slug: string | undefined,
): Promise<PageQuery | { status: 400 | 404; error: string; companyZone: string }> {
  const companyZone = await getTimeZone(services.db);
  const type = await meetingTypeBySlug(services.db, slug ?? "free");
  if (!type) return { status: 404, error: "There is no such consultation.", companyZone };
  const zone = url.searchParams.get("tz");
  if (zone !== null && !isTimeZone(zone)) {
    return { status: 400, error: BOOKING_TEXTS.unknownZone, companyZone };
  }
  const topic = url.searchParams.get("topic") ?? type.serviceType;
  return {
    type,
    timeZone: zone ?? companyZone,
    zoneChosen: zone !== null,
    consultant: url.searchParams.get("with") || ANY_CONSULTANT,
    companyZone,
    topic: /^[a-z-]{1,40}$/.test(topic) ? topic : "",
  };
}

async function pageData(
  services: RequestServices,
  q: PageQuery,
  url: URL,
  now: Date,
  extra: Partial<BookingPageData> = {},
): Promise<BookingPageData | null> {
  const from = url.searchParams.get("from") ?? undefined;
  const [types, consultants, times] = await Promise.all([
    activeMeetingTypes(services.db),
    listConsultants(services.db, q.companyZone),
    bookingDays(services.db, {
      type: q.type,
      consultant: q.consultant,
      timeZone: q.timeZone,
      companyZone: q.companyZone,
      now,
      from: from && /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : undefined,
    }),
  ]);
  if (!times) return null;
  return {
    type: meetingTypeView(q.type),
    types: types.map(meetingTypeView),
    consultants: consultants.map((c) => ({ id: c.id, name: c.name })),
    consultant: q.consultant,
    timeZone: q.timeZone,
    zoneChosen: q.zoneChosen,
    companyZone: q.companyZone,
    topic: q.topic,
    days: times.days,
    later: times.later,
    earlier: times.earlier,
    held: null,
    error: null,
    next: [],
    ...extra,
  };
}

const refusedPage = (status: number, error: string) =>
  data({ page: null, error }, { status, headers: BOOKING_HEADERS });

export async function bookingPageLoader(
  services: RequestServices,
  request: Request,
  slug: string | undefined,
) {
  const url = new URL(request.url);
  const now = currentTime(services.env);
  const q = await readQuery(services, url, slug);
  if ("status" in q) return refusedPage(q.status, q.error);
  const start = url.searchParams.get("start");
  if (start === null) {
    const page = await pageData(services, q, url, now);
    if (!page) return refusedPage(400, BOOKING_TEXTS.noConsultant);
    return data({ page, error: null }, { headers: BOOKING_HEADERS });
  }
  // A chosen time: hold it for this visitor, then show the form.
  const visitor = visitorOf(request);
  const headers = new Headers(BOOKING_HEADERS);
  if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  const result = await holdTime(services.db, {
    type: q.type,
    start,
    consultant: q.consultant,
    holderKey: visitor.key,
    clientKey: clientKeyOf(services.clientIp),
    timeZone: q.timeZone,
    companyZone: q.companyZone,
    now,
  });
  if (!result.ok) {
    const page = await pageData(services, q, url, now, {
      error: result.error,
      next: result.next ?? [],
    });
    return data({ page, error: page ? null : result.error }, { status: result.status, headers });
  }
  const hold = result.hold;
  const page = await pageData(services, q, url, now, {
    held: {
      start: hold.startsAt.toISOString(),
      when: formatMeeting(hold.startsAt, q.timeZone),
      consultantName: hold.consultantName,
      heldUntil: formatClock(hold.holdExpiresAt, q.timeZone),
    },
  });
  return data({ page, error: null }, { headers });
}

export async function bookingPageAction(
  services: RequestServices,
  request: Request,
  slug: string | undefined,
) {
  const url = new URL(request.url);
  const q = await readQuery(services, url, slug);
  if ("status" in q)
    return data(
      { ok: false as const, error: q.error },
      { status: q.status, headers: BOOKING_HEADERS },
    );
  const limited = await formRateLimit(services);
  if (limited)
    return data({ ok: false as const, error: limited }, { status: 429, headers: BOOKING_HEADERS });
  let form: FormData;
  try {
    form = await readSmallForm(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return data(
        { ok: false as const, error: error.message },
        { status: error.status, headers: BOOKING_HEADERS },
      );
    }
    if (!(error instanceof BadInputError && error.form)) throw error;
    form = error.form;
  }
  const values = Object.fromEntries(
    [...form.entries()].filter(([, v]) => typeof v === "string") as [string, string][],
  );
  const refused = refusedField(Object.entries(values));
  if (refused) {
    return data(
      {
        ok: false as const,
        error: "Please correct the highlighted fields.",
        fieldErrors: { [refused]: REFUSED_TEXT },
      },
      { status: 400, headers: BOOKING_HEADERS },
    );
  }
  const parsed = bookingFormSchema.safeParse(values);
  if (!parsed.success) {
    return data(
      {
        ok: false as const,
        error: "Please correct the highlighted fields.",
        fieldErrors: fieldErrorsOf(parsed.error),
        values,
      },
      { status: 400, headers: BOOKING_HEADERS },
    );
  }
  const visitor = visitorOf(request);
  const now = currentTime(services.env);
  const deps = await leadDepsOf(services);
  const result = await bookTime(
    { db: services.db, outbox: services.outbox, brand: deps.brand },
    {
      type: q.type,
      start: values.start ?? "",
      consultant: values.with || ANY_CONSULTANT,
      holderKey: visitor.key,
      clientKey: clientKeyOf(services.clientIp),
      timeZone: q.timeZone,
      companyZone: q.companyZone,
      sourcePage: url.pathname,
      now,
      form: parsed.data,
    },
  );
  if (!result.ok) return refusedBooking(result, values);
  const headers = new Headers(BOOKING_HEADERS);
  if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  const zone = q.zoneChosen ? `?tz=${encodeURIComponent(q.timeZone)}` : "";
  throw redirect(`/consultation/booked/${result.bookingId}${zone}`, { headers });
}

const refusedBooking = (result: BookingRefusal, values: Record<string, string>) =>
  data(
    {
      ok: false as const,
      error: result.error,
      ...(result.field ? { fieldErrors: { [result.field]: result.error } } : {}),
      values,
      next: result.next ?? [],
    },
    { status: result.status, headers: BOOKING_HEADERS },
  );
