// A list of short text rows inside an admin form (a project's technologies, its result metrics):
// each row's inputs with Remove, then an empty "new" row with its Add button (Enter in its last
// input adds too). The new row's inputs are named like the rows', so without script what is typed
// there is posted as well.
import { useId, useRef } from "react";
import { inputClass } from "#app/components/ui/fields.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { adminButton } from "./buttons.ts";
import { FieldMessage, FormGroup } from "./form-fields.tsx";
import { useItems } from "./list-items.tsx";

export interface TextColumn {
  /** The posted name, once per row (the action reads them with getAll). */
  name: string;
  /** A row's label, e.g. (n) => `Metric ${n} label`; a single column's is read, not shown. */
  label: (n: number) => string;
  /** The new row's label, e.g. "New metric label". */
  newLabel: string;
}

type Row = Record<string, string>;

const labelClass = "text-sm font-medium text-slate-800 dark:text-slate-200";

export function TextRows({
  legend,
  name,
  columns,
  rows,
  add,
  removeName,
}: {
  legend: string;
  /** The field whose message the list shows (e.g. "technologies"). */
  name: string;
  columns: readonly TextColumn[];
  /** The rows to start with, by column name. */
  rows: readonly Row[];
  /** The Add button's label, e.g. "Add Technology". */
  add: string;
  /** What a row's Remove button removes, e.g. `technology ${row.technologies}`. */
  removeName: (row: Row, n: number) => string;
}) {
  const ids = useId();
  const list = useItems(rows as Row[]);
  const newInputs = useRef<(HTMLInputElement | null)[]>([]);
  const rowLabel = columns.length === 1 ? "sr-only" : labelClass;

  function addRow() {
    const inputs = newInputs.current;
    const row = Object.fromEntries(
      columns.map((column, i) => [column.name, inputs[i]?.value.trim() ?? ""]),
    );
    if (Object.values(row).some(Boolean)) {
      list.add(row);
      for (const input of inputs) if (input) input.value = "";
    }
    inputs[0]?.focus();
  }

  return (
    <FormGroup legend={legend}>
      <FieldMessage name={name} />
      <ul className="grid gap-2">
        {list.items.map((item, i) => {
          const row = item.v as Row;
          return (
            <li key={item.key} className="flex flex-wrap items-end gap-2">
              {columns.map((column) => (
                <div key={column.name} className="min-w-40 flex-1">
                  <label htmlFor={`${ids}-${column.name}-${item.key}`} className={rowLabel}>
                    {column.label(i + 1)}
                  </label>
                  <input
                    id={`${ids}-${column.name}-${item.key}`}
                    name={column.name}
                    defaultValue={row[column.name]}
                    className={inputClass}
                  />
                </div>
              ))}
              <button type="button" className={adminButton} onClick={() => list.remove(i)}>
                <Icon name="x" className="size-4" />
                Remove<span className="sr-only"> {removeName(row, i + 1)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {columns.map((column, i) => (
          <div key={column.name} className="min-w-40 flex-1">
            <label htmlFor={`${ids}-new-${column.name}`} className={labelClass}>
              {column.newLabel}
            </label>
            <input
              id={`${ids}-new-${column.name}`}
              ref={(input) => {
                newInputs.current[i] = input;
              }}
              name={column.name}
              className={inputClass}
              onKeyDown={(e) => {
                if (e.key !== "Enter") return;
                // Enter adds the row (from its last input) rather than sending the form.
                e.preventDefault();
                const next = newInputs.current[i + 1];
                if (next) next.focus();
                else addRow();
              }}
            />
          </div>
        ))}
        <button type="button" className={adminButton} onClick={addRow}>
          <Icon name="plus" className="size-4" />
          {add}
        </button>
      </div>
    </FormGroup>
  );
}
