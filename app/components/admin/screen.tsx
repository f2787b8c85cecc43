// The parts every admin screen is made of (docs/decisions/0012): its header, its status line,
// the filter bar and tabs that keep their state in the address, lists and tables with their
// counts and empty states, panels. A screen module adds only its own fields and columns.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, type MetaDescriptor } from "react-router";
import { TextField } from "#app/components/ui/fields.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { stackedTable } from "#app/components/ui/stacked-table.ts";
import type { ActionResult } from "#app/web/form-action.server.ts";
import { adminPrimary } from "./buttons.ts";

const heading = "text-slate-900 dark:text-white";
const muted = "text-slate-600 dark:text-slate-300";
export const panelClass =
  "rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

/** A staff screen's document title ("Mail Log | Admin | Sigma Technology Partners"), not indexed. */
export const adminMeta = (title: string): MetaDescriptor[] => [
  { title: `${title} | Admin | Sigma Technology Partners` },
  { name: "robots", content: "noindex" },
];

/** The screen's title (the page's one h1), what it is for, and its main action on the right. */
export function ScreenHeader({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div className="max-w-3xl min-w-0">
        <h1 className={`text-3xl font-bold tracking-tight break-words ${heading}`}>{title}</h1>
        {description && <p className={`mt-1 ${muted}`}>{description}</p>}
      </div>
      {action}
    </div>
  );
}

/** The screen's main action as a link (it opens a dialog through the address). */
export function AddLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={adminPrimary} preventScrollReset>
      <Icon name="plus" className="size-4" />
      {children}
    </Link>
  );
}

/**
 * The screen's status line: what the last change did (a polite live region, always in the page
 * so it is announced) and, when a change was refused, why (an alert).
 */
export function Notice({ message, error }: { message?: ReactNode; error?: ReactNode }) {
  return (
    <>
      <p role="status" className="mt-4 empty:hidden">
        {message && (
          <span className="block rounded-lg bg-green-50 p-3 text-green-800 dark:bg-green-950 dark:text-green-200">
            {message}
          </span>
        )}
      </p>
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      )}
    </>
  );
}

/**
 * The message and the error of an action's answer, for <Notice>; the answers to the forms named
 * in `formIntents` are left out (those forms show their own).
 */
export function noticeOf(
  result: Pick<ActionResult, "ok" | "intent"> | undefined,
  formIntents: readonly string[] = [],
): { message?: string; error?: string } {
  if (!result || formIntents.includes(result.intent)) return {};
  return "error" in result
    ? { error: String(result.error) }
    : { message: "message" in result ? String(result.message) : undefined };
}

/**
 * The status line of a screen that also changes things by script (fetchers, the clipboard):
 * the last action's answer (as noticeOf) until the page sets a newer one; the newest wins.
 */
export function useNotice(
  result: Pick<ActionResult, "ok" | "intent"> | undefined,
  formIntents: readonly string[] = [],
) {
  const [notice, setNotice] = useState(() => noticeOf(result, formIntents));
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    setAnswered(result);
    setNotice(noticeOf(result, formIntents));
  }
  return [notice, setNotice] as const;
}

/** Calls `onAnswer` once with each answer a fetcher brings back, when it is done. */
export function useFetcherAnswer<T>(
  fetcher: { state: string; data: T | undefined },
  onAnswer: (answer: T) => void,
) {
  const latest = useRef(onAnswer);
  latest.current = onAnswer;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined) latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/** "Saving changes..." while a save is under way, "All changes saved" after it. */
export function SaveStatus({ saving, saved }: { saving: boolean; saved: boolean }) {
  return (
    <p role="status" className="text-sm font-medium text-slate-700 dark:text-slate-200">
      {saving ? "Saving changes..." : saved ? "All changes saved" : ""}
    </p>
  );
}

/** What a list shows when it has nothing, with the way to add the first one. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
      <p>{children}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** A card on the screen, with its heading when it has one (and the record's actions beside it). */
export function Panel({
  id,
  title,
  titleId,
  description,
  actions,
  className = "",
  children,
}: {
  /** The card's own id (a link to `#id` scrolls to it). */
  id?: string;
  title?: ReactNode;
  titleId?: string;
  description?: ReactNode;
  /** Links or buttons on the heading's right, e.g. Edit and View Live Page. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const h2 = title && (
    <h2 id={titleId} className={`text-xl font-semibold ${heading}`}>
      {title}
    </h2>
  );
  return (
    <section
      id={id}
      aria-labelledby={title ? titleId : undefined}
      className={`${panelClass} p-4 sm:p-6 ${className}`}
    >
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {h2}
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>
      ) : (
        h2
      )}
      {description && <p className={`mt-1 text-sm ${muted}`}>{description}</p>}
      {children}
    </section>
  );
}

/**
 * The filters of a list: a GET form, so the filter lives in the address (shareable, the back
 * button works, no script needed). The fields are the screen's; the button is "Filter".
 */
export function FilterBar({
  action,
  label,
  columns,
  submit = "Filter",
  children,
}: {
  action: string;
  label: string;
  /** The grid's columns from the small breakpoint on, e.g. "sm:grid-cols-[1fr_14rem_auto]". */
  columns: string;
  submit?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className={`${panelClass} mt-6 grid gap-3 p-4 sm:items-end ${columns}`}
    >
      {children}
      <button type="submit" className={adminPrimary}>
        <Icon name="search" className="size-4" />
        {submit}
      </button>
    </Form>
  );
}

/** A FilterBar's text search (`q`), showing the search in force. */
export function SearchField({ value, placeholder }: { value: string; placeholder: string }) {
  return (
    <TextField
      key={`q-${value}`}
      label="Search"
      name="q"
      type="search"
      placeholder={placeholder}
      defaultValue={value}
    />
  );
}

/** Tabs that are links (the address says which is current): a page's sections or filters. */
export function TabNav({
  label,
  tabs,
}: {
  label: string;
  tabs: { to: string; label: ReactNode; current: boolean }[];
}) {
  return (
    <nav aria-label={label} className="mt-6 border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              preventScrollReset
              className={`block rounded-t-lg border-b-2 px-4 py-2 text-sm font-medium ${
                tab.current
                  ? "border-brand-600 text-brand-800 dark:border-brand-400 dark:text-brand-200"
                  : "border-transparent text-slate-700 hover:border-slate-300 dark:text-slate-300"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A table of records: a caption for assistive technology, one header cell per column, a row
 * per record (the screen's <tr>s), and the empty state when there are none.
 */
export function DataTable({
  caption,
  showCaption = false,
  columns,
  count,
  empty,
  children,
}: {
  caption: string;
  /** Show the caption above the table (when nothing else on the screen names it). */
  showCaption?: boolean;
  columns: string[];
  /** How many rows there are, in words ("6 users"), shown above the table. */
  count?: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  children: ReactNode[];
}) {
  if (children.length === 0 && empty) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      {count && <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">{count}</p>}
      <div className={`${panelClass} ${count ? "mt-2" : "mt-6"} overflow-x-auto`}>
        <table {...stackedTable(columns, "w-full text-left text-sm")}>
          <caption
            className={
              showCaption
                ? "px-4 py-2 text-left font-medium text-slate-800 dark:text-slate-100"
                : "sr-only"
            }
          >
            {caption}
          </caption>
          <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-4 py-2">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 align-top text-slate-800 dark:divide-slate-800 dark:text-slate-100">
            {children}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** "1 user", "6 users". */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A small rounded label: a status, a kind. */
/** The colours of a Badge, by what it says. */
export const badgeStyle = {
  muted: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  info: "bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-100",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  success: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  danger: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
} as const;

export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${className}`}>{children}</span>
  );
}

/** A row action that is a link (Edit, Details, Delete...), named for the record it acts on. */
export function RowLink({
  to,
  icon,
  label,
  className,
  children,
}: {
  to: string;
  icon?: IconName;
  /** The accessible name, e.g. "Edit block sales-news". */
  label?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className} preventScrollReset aria-label={label}>
      {icon && <Icon name={icon} className="size-4" />}
      {children}
    </Link>
  );
}
