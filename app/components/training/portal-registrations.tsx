// The Training Portal's list of a signed-in student's registrations: each with its class days
// and times, what the course includes, all its classes as a calendar file and, while allowed,
// "Cancel my registration" (which says what cancelling means before it is done), or why not.
// Over 400 lines: each registration's parts (classes, materials, certificate, invoices, card
// payment, cancellation) read the same row and stay together with it.
import { Form, Link } from "react-router";
import { useSiteSettings } from "#app/components/layout/use-site-settings.ts";
import { CardPayment, type CardPaymentProps } from "#app/components/training/card-payment.tsx";
import { FeedAddress } from "#app/components/ui/feed-address.tsx";
import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { formatDay } from "#app/domain/settings/clock.ts";
import { formatAddress, telHref } from "#app/domain/settings/settings.ts";
import { attended, MARK_LABELS } from "#app/domain/training/attendance.ts";
import {
  type CancellationPreview,
  policyLine,
  refundLineOf,
} from "#app/domain/training/cancellation-policy.ts";
import { formatWallClock } from "#app/domain/training/class-sessions.ts";
import { certificatePath } from "#app/domain/training/completion.ts";
import type { PortalClass, PortalRegistration } from "#app/domain/training/portal.server.ts";
import { refundLine } from "#app/domain/training/registration-status.ts";
import { formatDayLong, formatPrice } from "#app/domain/training/training.ts";

/** What the portal shows after a cancellation: the message, or why nothing changed. */
export type CancelAnswer =
  | { cancel: true; ok: true; message: string }
  | { cancel: true; ok: false; error: string };

/** A student's registrations with their own status, and "Cancel my registration" while allowed. */
export function StudentRegistrations({
  registrations,
  cancelled,
  payError = null,
}: {
  registrations: (PortalRegistration & {
    materials: PortalMaterial[];
    certificate: PortalCertificate | null;
    documents: PortalDocument[];
    cancelPreview?: CancellationPreview | null;
    card?: CardPaymentProps["card"];
  })[];
  cancelled: CancelAnswer | null;
  /** Why "Pay now by card" opened no checkout, and for which registration. */
  payError?: { id: number | null; error: string } | null;
}) {
  return (
    <HeadedSection
      id="registrations-heading"
      title="Your Courses"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      titleClassName="text-xl font-bold text-slate-900 dark:text-white"
    >
      <p
        role={cancelled && !cancelled.ok ? "alert" : "status"}
        className={
          cancelled
            ? `mt-3 rounded-lg p-3 text-sm ${cancelled.ok ? "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100" : "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"}`
            : "sr-only"
        }
      >
        {cancelled ? (cancelled.ok ? cancelled.message : cancelled.error) : ""}
      </p>
      {registrations.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          No course registrations are linked to your account yet.{" "}
          <Link
            to="/certification-training"
            className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
          >
            Browse certification courses
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {registrations.map((r, index) => (
            <li
              key={r.id}
              data-testid={`portal-registration-${r.id}`}
              className="flex flex-wrap items-start justify-between gap-3 py-4"
            >
              <div>
                <p className="font-semibold text-slate-900 dark:text-white">{r.course}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  Starts <time dateTime={r.startDate}>{formatDay(r.startDate)}</time> · {r.schedule}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {r.duration} · {formatPrice(r.priceCents)} ·{" "}
                  <span className="font-semibold text-slate-900 dark:text-white">{r.status}</span>
                </p>
              </div>
              {payError?.id === null && index === 0 && (
                <p role="alert" className="w-full text-sm text-red-800 dark:text-red-200">
                  {payError.error}
                </p>
              )}
              {r.card?.payable && (
                <div className="w-full">
                  <CardPayment
                    card={r.card}
                    action="?pay"
                    fields={{ id: String(r.id) }}
                    error={payError?.id === r.id ? payError.error : null}
                  />
                </div>
              )}
              {(r.calendar || r.inclusions.length > 0) && (
                <div className="w-full space-y-3 text-sm text-slate-700 dark:text-slate-300">
                  {r.calendar && (
                    <a
                      href={`/portal/calendar/${r.id}`}
                      download="classes.ics"
                      className="inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
                    >
                      <Icon name="calendar-days" className="size-4" />
                      Add all classes to your calendar
                      <span className="sr-only">
                        {" "}
                        ({r.course}, {formatDay(r.startDate)})
                      </span>
                    </a>
                  )}
                  {r.inclusions.length > 0 && (
                    <div>
                      <p className="font-semibold text-slate-900 dark:text-white">Included</p>
                      <ul className="mt-1 list-disc space-y-0.5 pl-5">
                        {r.inclusions.map((item) => (
                          <li key={item}>{item}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                </div>
              )}
              {r.documents.length > 0 && <Documents documents={r.documents} course={r.course} />}
              {r.certificate && <Certificate certificate={r.certificate} course={r.course} />}
              {r.classes.length > 0 && <ClassList registration={r} />}
              {r.materials.length > 0 && <Materials materials={r.materials} course={r.course} />}
              {r.canCancel && <CancelRegistration registration={r} />}
              {r.cannotCancel && <CannotCancel why={r.cannotCancel} />}
            </li>
          ))}
        </ul>
      )}
    </HeadedSection>
  );
}

/** A registration's billing document (issue 47): its PDF as issued. */
export interface PortalDocument {
  number: string;
  kind: string;
  /** "$1,200.00" */
  total: string;
  /** An invoice's due day. */
  dueOn: string | null;
}

const DOCUMENT_NAMES: Record<string, string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  receipt: "Receipt",
};

function Documents({ documents, course }: { documents: PortalDocument[]; course: string }) {
  return (
    <div className="w-full text-sm text-slate-700 dark:text-slate-300">
      <p className="font-semibold text-slate-900 dark:text-white">Invoices and receipts</p>
      <ul className="mt-1 space-y-0.5">
        {documents.map((d) => (
          <li key={d.number}>
            <a href={`/portal/invoices/${d.number}`} download className={portalLink}>
              <Icon name="receipt" className="size-4" />
              {DOCUMENT_NAMES[d.kind] ?? d.kind} {d.number}
              <span className="sr-only"> ({course}, PDF)</span>
            </a>{" "}
            {d.total}
            {d.dueOn ? `, due ${formatDay(d.dueOn)}` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A registration's certificate of completion (issue 46). */
export interface PortalCertificate {
  id: string;
  issuedOn: string;
  revoked: boolean;
  /** Its public page, the address the PDF's QR code and LinkedIn carry. */
  url: string;
  /** LinkedIn's "Add license or certification" form, filled in. */
  linkedIn: string;
}

const portalLink =
  "inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300";

function Certificate({
  certificate: c,
  course,
}: {
  certificate: PortalCertificate;
  course: string;
}) {
  return (
    <div
      className="w-full rounded-lg border border-slate-200 p-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300"
      data-testid={`certificate-${c.id}`}
    >
      <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <Icon name="graduation-cap" className="size-4" />
        {c.revoked
          ? `Your certificate ${c.id} was revoked.`
          : `Certificate of completion ${c.id}, issued ${c.issuedOn}`}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        <a href={`/portal${certificatePath(c.id)}`} download className={portalLink}>
          <Icon name="download" className="size-4" />
          Download the certificate (PDF)
          <span className="sr-only"> ({course})</span>
        </a>
        <a href={c.url} className={portalLink}>
          <Icon name="shield-check" className="size-4" />
          Its public page
          <span className="sr-only"> ({course})</span>
        </a>
        {!c.revoked && (
          <a href={c.linkedIn} rel="noopener noreferrer" target="_blank" className={portalLink}>
            <Icon name="external-link" className="size-4" />
            Add to LinkedIn
            <span className="sr-only"> ({course}, opens in a new tab)</span>
          </a>
        )}
      </p>
    </div>
  );
}

/** A released material: a file to download from the portal, or a link. */
export interface PortalMaterial {
  id: number;
  title: string;
  href: string;
  file: boolean;
}

/** The course's released materials (decision 0024). */
function Materials({ materials, course }: { materials: PortalMaterial[]; course: string }) {
  return (
    <div className="w-full text-sm text-slate-700 dark:text-slate-300">
      <p className="font-semibold text-slate-900 dark:text-white">Materials</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {materials.map((m) => (
          <li key={m.id}>
            <a
              href={m.href}
              {...(m.file ? { download: "" } : { rel: "noopener noreferrer", target: "_blank" })}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
            >
              {m.title}
              <span className="sr-only">
                {" "}
                ({course}
                {m.file ? "" : ", opens in a new tab"})
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The next class, then every class with the student's attendance mark (issue 46). */
function ClassList({ registration: r }: { registration: PortalRegistration }) {
  const { address } = useSiteSettings();
  const place = (c: PortalClass) => c.location || formatAddress(address);
  const held = r.classes.filter((c) => !c.cancelled && c.mark !== null);
  const attendedCount = held.filter((c) => attended(c.mark)).length;
  return (
    <div className="w-full space-y-2 text-sm text-slate-700 dark:text-slate-300">
      {r.nextClass && (
        <p>
          <span className="font-semibold text-slate-900 dark:text-white">Next class:</span>{" "}
          {formatDayLong(r.nextClass.day)}, {formatWallClock(r.nextClass.start)} to{" "}
          {formatWallClock(r.nextClass.end)}, {place(r.nextClass)}
        </p>
      )}
      <details>
        <summary className="cursor-pointer font-semibold text-brand-700 dark:text-brand-300">
          Every class ({r.classes.filter((c) => !c.cancelled).length})
          {held.length > 0 ? `: attended ${attendedCount} of ${held.length} marked` : ""}
        </summary>
        <ol className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {r.classes.map((c) => (
            <li key={c.id} className="flex flex-wrap justify-between gap-x-4 py-1.5">
              <span className={c.cancelled ? "line-through" : undefined}>
                {formatDayLong(c.day)}, {formatWallClock(c.start)} to {formatWallClock(c.end)}
              </span>
              <span className="font-medium">
                {c.cancelled ? "Cancelled" : c.mark ? MARK_LABELS[c.mark] : ""}
              </span>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

/** Where "Cancel my registration" would be: why it is not offered, and whom to call instead. */
function CannotCancel({ why }: { why: string }) {
  const { phone } = useSiteSettings();
  return (
    <p className="flex w-full gap-2 rounded-lg border border-slate-200 p-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
      <Icon name="info" className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
      <span>
        {why}{" "}
        <a
          href={telHref(phone)}
          className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
        >
          {phone}
        </a>
      </span>
    </p>
  );
}

/**
 * "Cancel my registration": opens what cancelling means (the seat goes, it cannot be undone, a
 * paid registration's refund) before the button that does it. Works without JavaScript.
 */
function CancelRegistration({
  registration: r,
}: {
  registration: PortalRegistration & { cancelPreview?: CancellationPreview | null };
}) {
  return (
    <details className="w-full rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
      <summary className="cursor-pointer font-semibold text-slate-900 dark:text-white">
        Cancel my registration
        <span className="sr-only">
          {" "}
          for {r.course}, starting {formatDay(r.startDate)}
        </span>
      </summary>
      <div className="mt-3 space-y-2 text-slate-700 dark:text-slate-300">
        <p>
          Your seat goes to someone else and this cannot be undone: to take part after all, you
          register again. You receive a confirmation by e-mail.
        </p>
        {r.cancelPreview ? (
          <p className="font-semibold" data-testid={`cancel-money-${r.id}`}>
            {policyLine(r.cancelPreview)} {refundLineOf(r.cancelPreview)}
            {r.cancelPreview.policyCents > 0 && " The credit note is e-mailed to you."}
          </p>
        ) : (
          r.paidCents !== null && <p className="font-semibold">{refundLine(r.paidCents)}</p>
        )}
        <Form method="post" action="?cancel">
          <input type="hidden" name="id" value={r.id} />
          <button type="submit" className="btn-secondary">
            Yes, cancel my registration
            <span className="sr-only">
              {" "}
              for {r.course}, starting {formatDay(r.startDate)}
            </span>
          </button>
        </Form>
      </div>
    </details>
  );
}

/**
 * The student's private class calendar: one address their calendar app subscribes to, with
 * every class of every registration that holds a seat (decision 0024).
 */
export function ClassCalendar({ hasFeed, url }: { hasFeed: boolean; url: string }) {
  return (
    <section aria-labelledby="class-calendar-heading" className="mt-10">
      <h2 id="class-calendar-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Your class calendar
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Subscribe to this private address in Google Calendar, Outlook or Apple Calendar to see every
        class there, kept up to date. Calendar apps refresh a subscription every few hours, so a
        moved class also reaches you by e-mail. Anyone with the address can read it: make a new one
        if it leaks.
      </p>
      <FeedAddress
        url={url}
        hasFeed={hasFeed}
        action="/portal?feed"
        intent="feed"
        buttonClass="btn-secondary"
      />
    </section>
  );
}
