// What a record's detail shows beside its facts: the files it sent, the e-mail the site sent
// about it, the staff's notes and its activity.
import { DetailNone } from "#app/components/admin/master-detail.tsx";
import { Badge } from "#app/components/admin/screen.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { When } from "#app/components/ui/when.tsx";
import {
  AI_FEATURES,
  BUDGETS,
  TIMELINES,
  WEBSITE_TYPES,
} from "#app/domain/leads/ai-design-options.ts";
import type { CustomerDetail } from "#app/domain/leads/customer-detail.server.ts";
import { FORM_LABELS } from "#app/domain/leads/customers.ts";
import { INQUIRY_TYPES, labelOf } from "#app/domain/leads/leads.ts";
import { isMailStatus, mailStatusLabels } from "#app/domain/mail/mail-log.ts";
import { formatFileSize } from "#app/domain/media/media.ts";

const MAIL_BADGES: Record<string, string> = {
  sent: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  pending: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

/** The lead's uploads, downloaded through the authorised route. */
export function FileList({ files }: { files: CustomerDetail["files"] }) {
  return (
    <ul aria-label="Uploaded files" className="space-y-1">
      {files.map((f) => (
        <li key={f.id} className="flex flex-wrap items-center gap-2 text-sm">
          <Icon name="paperclip" className="size-4 text-slate-500" />
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
  );
}

/** Each message about the lead: its state, addressee and subject, attempts and last error. */
export function MailDelivery({ messages }: { messages: CustomerDetail["mailMessages"] }) {
  return (
    <ul aria-label="E-mail delivery" className="space-y-2">
      {messages.map((m) => (
        <li key={m.id} className="text-sm text-slate-800 dark:text-slate-200">
          <Badge className={`mr-2 inline-block ${MAIL_BADGES[m.status] ?? MAIL_BADGES.pending}`}>
            {isMailStatus(m.status) ? mailStatusLabels[m.status] : m.status}
          </Badge>
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
  );
}

/** The notes of the old single notes field first, then the signed ones, oldest first. */
export function NoteList({ legacyNotes, notes }: Pick<CustomerDetail, "legacyNotes" | "notes">) {
  return (
    <>
      {legacyNotes && (
        <p className="mb-2 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
          {legacyNotes}
        </p>
      )}
      {notes.length === 0 && !legacyNotes ? (
        <DetailNone>No notes yet.</DetailNone>
      ) : (
        <ol aria-label="Notes" className="space-y-3">
          {notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800">
              <p className="text-xs text-slate-600 dark:text-slate-400">
                <When at={n.createdAt} /> by {n.author}
                {n.authorEmail && ` (${n.authorEmail})`}
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
                {n.body}
              </p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** Everything that happened to the record, newest first. */
export function ActivityLines({ activity }: Pick<CustomerDetail, "activity">) {
  if (activity.length === 0) return <DetailNone>Nothing has happened yet.</DetailNone>;
  return (
    <ol aria-label="Activity" className="space-y-1 text-sm">
      {activity.map((a) => (
        <li key={a.id} className="text-slate-800 dark:text-slate-200">
          <span className="text-slate-600 dark:text-slate-400">
            <When at={a.at} />
          </span>{" "}
          {a.message}
        </li>
      ))}
    </ol>
  );
}

/** The inquiries the record received after its first, oldest first, each with what it said. */
export function LaterInquiries({ inquiries }: Pick<CustomerDetail, "inquiries">) {
  return (
    <ol aria-label="Later inquiries" className="space-y-3">
      {inquiries.map((q) => {
        const facts = [
          ["Inquiry type", labelOf(INQUIRY_TYPES, q.inquiryType)],
          ["Website type", labelOf(WEBSITE_TYPES, q.websiteType)],
          ["Budget", labelOf(BUDGETS, q.budget)],
          ["Timeline", labelOf(TIMELINES, q.timeline)],
          ["AI features", q.aiFeatures.map((f) => labelOf(AI_FEATURES, f)).join(", ")],
        ].filter(([, value]) => value);
        return (
          <li key={q.id} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800">
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {FORM_LABELS[q.form] ?? q.form} ({q.reference}), <When at={q.createdAt} />
              {q.sourcePage ? ` from ${q.sourcePage}` : ""}
            </p>
            {facts.length > 0 && (
              <p className="mt-1 text-slate-800 dark:text-slate-200">
                {facts.map(([label, value]) => `${label}: ${value}`).join(" · ")}
              </p>
            )}
            <p className="mt-1 break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
              {q.message}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
