import type { CSSProperties } from "react";

/** A CSS string literal of a text: `Seats "taken"` -> `"Seats \"taken\""`. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, "\\$&").replace(/\s+/g, " ")}"`;

/**
 * The props of a staff table that becomes stacked cards below the `sm` breakpoint (the rules are
 * in app/app.css, `.stacked-table`): a row is a card and each cell a line headed by its column's
 * name. The names travel as custom properties (--col-1, --col-2, ...) that the cells' `::before`
 * reads by position, so a table says its columns once, in its header, and no cell repeats them.
 * `className`: the table's own classes.
 */
export function stackedTable(
  columns: readonly string[],
  className = "",
): { className: string; style: CSSProperties } {
  return {
    className: `stacked-table ${className}`.trim(),
    style: Object.fromEntries(
      columns.map((column, i) => [`--col-${i + 1}`, cssString(column)]),
    ) as CSSProperties,
  };
}
