// Page links under a list that pages through the database: "Page 2 of 7 (312 in all)", with
// Previous and Next as plain links (the page is in the address, so it works without script and
// from the keyboard). Nothing shows when everything fits on one page.
import { Link } from "react-router";
import { PAGE_SIZE } from "#app/domain/leads/customers.ts";
import { adminButton } from "./buttons.ts";

export function Pager({
  page,
  total,
  label,
  href,
  pageSize = PAGE_SIZE,
}: {
  page: number;
  total: number;
  /** The navigation's accessible name, e.g. "Customer pages". */
  label: string;
  /** The address of page `n`. */
  href: (n: number) => string;
  pageSize?: number;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {first <= last ? `${first}–${last} of ${total}` : `No rows on page ${page}`} · Page {page}{" "}
        of {pages}
      </p>
      <span className="flex gap-2">
        {page > 1 && (
          <Link to={href(Math.min(page - 1, pages))} preventScrollReset className={adminButton}>
            Previous<span className="sr-only"> page</span>
          </Link>
        )}
        {page < pages && (
          <Link to={href(page + 1)} preventScrollReset className={adminButton}>
            Next<span className="sr-only"> page</span>
          </Link>
        )}
      </span>
    </nav>
  );
}
