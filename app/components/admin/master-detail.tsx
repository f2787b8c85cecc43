// A list of records beside the one selected (the address says which, e.g. `?lead=7`): the rows
// are links, the current one marked with aria-current; the detail panel shows that record under
// its name, in sections of facts, or says that none is selected.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Pager } from "./pager.tsx";
import { panelClass } from "./screen.tsx";

const heading = "text-slate-900 dark:text-white";
const muted = "text-slate-600 dark:text-slate-300";

/** The list and the detail panel side by side from the large breakpoint on. */
export function MasterDetail({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">{children}</div>
  );
}

/** Records to choose from, each row a <SelectableRow>; `empty` when there are none. */
export function SelectableList({
  label,
  empty,
  children,
}: {
  /** The list's accessible name, e.g. "Customers". */
  label: string;
  empty: ReactNode;
  children: ReactNode[];
}) {
  if (children.length === 0) return <p className={`mt-4 ${muted}`}>{empty}</p>;
  return (
    <ul
      aria-label={label}
      className="mt-3 max-h-96 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
    >
      {children}
    </ul>
  );
}

/**
 * A page of records to choose from (`SelectableList`), each row a link that selects it, and the
 * pager under them (the page is in the address: `pageHref(n)`).
 */
export function PagedSelectableList<T extends { id: number }>({
  label,
  empty,
  items,
  selectedId,
  rowHref,
  testId,
  row,
  page,
  total,
  pageHref,
}: {
  /** The list's accessible name, e.g. "Customers"; its pager is "<singular> pages". */
  label: string;
  empty: ReactNode;
  items: T[];
  selectedId: number | undefined;
  rowHref: (id: number) => string;
  /** The rows' test ids are `${testId}-${id}`. */
  testId: string;
  row: (item: T) => ReactNode;
  page: number;
  total: number;
  pageHref: (n: number) => string;
}) {
  return (
    <>
      <SelectableList label={label} empty={empty}>
        {items.map((item) => (
          <SelectableRow
            key={item.id}
            to={rowHref(item.id)}
            current={selectedId === item.id}
            testId={`${testId}-${item.id}`}
          >
            {row(item)}
          </SelectableRow>
        ))}
      </SelectableList>
      <Pager page={page} total={total} label={`${label.replace(/s$/, "")} pages`} href={pageHref} />
    </>
  );
}

/** A row that selects its record (a link to the screen's address with the record in it). */
export function SelectableRow({
  to,
  current,
  testId,
  children,
}: {
  to: string;
  current: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        preventScrollReset
        aria-current={current ? "true" : undefined}
        data-testid={testId}
        className={`block p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800 ${current ? "bg-brand-50 dark:bg-brand-950" : ""}`}
      >
        {children}
      </Link>
    </li>
  );
}

/**
 * The selected record: a region named by its heading (the record's name), a line under it and
 * a badge beside it, then its sections. Without a title it says that nothing is selected.
 */
export function DetailPanel({
  titleId,
  title,
  subtitle,
  aside,
  emptyTitle,
  emptyText,
  children,
}: {
  titleId: string;
  /** The record's name; none when no record is selected. */
  title?: ReactNode;
  subtitle?: ReactNode;
  aside?: ReactNode;
  /** The heading when nothing is selected, e.g. "No Customer Selected". */
  emptyTitle: string;
  emptyText: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={`${panelClass} min-w-0 p-4 sm:p-6`}>
      {title == null ? (
        <div className="py-10 text-center">
          <h2 id={titleId} className={`text-lg font-semibold ${heading}`}>
            {emptyTitle}
          </h2>
          <p className={`mt-1 ${muted}`}>{emptyText}</p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id={titleId} className={`text-2xl font-bold break-all ${heading}`}>
                {title}
              </h2>
              {subtitle && <p className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
            </div>
            {aside}
          </div>
          {children}
        </>
      )}
    </section>
  );
}

/** A part of the detail panel under its own heading. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h3 className={`mt-6 mb-2 text-base font-semibold ${heading}`}>{title}</h3>
      {children}
    </>
  );
}

/** What the detail panel shows when a section has nothing, e.g. "No files.". */
export function DetailNone({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}

/** Labelled values (<Fact>s), two columns from the small breakpoint on. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className="grid gap-3 sm:grid-cols-2">{children}</dl>;
}

/** One labelled value; `empty` when the value is blank, `children` for one with markup. */
export function Fact({
  label,
  value,
  empty = "Not given",
  children,
}: {
  label: string;
  value?: string;
  empty?: string;
  children?: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="break-words text-slate-900 dark:text-slate-100">
        {children ?? (value || empty)}
      </dd>
    </div>
  );
}
