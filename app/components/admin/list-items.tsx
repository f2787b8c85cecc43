// Repeatable lists in staff forms (services, testimonials, projects, social links): edited in
// place by script; without script their buttons post list intents ("add:services",
// "remove:services:2", "up:projects:1") that the action applies to the posted values and answers
// with the form again (editList in app/platform/form-data.ts, draft in form-action.server.ts).
// The form around them is an <AdminForm defaultSubmit=...>, so Enter in a field still saves.
import { type ReactNode, useState } from "react";
import { FieldValues, useFieldItems } from "./admin-form.tsx";
import { adminButton } from "./buttons.ts";
import { FieldMessage } from "./form-fields.tsx";

export type Item = Record<string, unknown>;

let uid = 0;
const nextKey = () => `item-${++uid}`;

/** A list edited in place by script; without script its buttons post list intents. */
export function useItems(initial: Item[]) {
  const [items, setItems] = useState(() => initial.map((v) => ({ key: nextKey(), v })));
  return {
    items,
    add(v: Item) {
      setItems((xs) => [...xs, { key: nextKey(), v }]);
    },
    remove(i: number) {
      setItems((xs) => xs.filter((_, j) => j !== i));
    },
    move(i: number, by: -1 | 1) {
      setItems((xs) => {
        const j = i + by;
        if (j < 0 || j >= xs.length) return xs;
        const next = [...xs];
        [next[i], next[j]] = [next[j] as (typeof xs)[number], next[i] as (typeof xs)[number]];
        return next;
      });
    },
  };
}

export type Items = ReturnType<typeof useItems>;

/** A list edit: with script done in place, without script posted as its intent. */
export function ListButton({
  intent,
  label,
  children,
  onClick,
}: {
  intent: string;
  label: string;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      aria-label={label}
      onClick={(e) => {
        e.preventDefault();
        onClick();
      }}
      className={adminButton}
    >
      {children}
    </button>
  );
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A repeatable list inside an <AdminForm>, filled from the form's values under `name`: each
 * item's fields (named `${name}.${i}.` + field, filled from the item), its Remove button (and
 * Move up / Move down), and after the items the Add button (or a chooser of what to add).
 */
export function ItemList({
  name,
  noun,
  legend = (n) => `${capitalized(noun)} ${n}`,
  row,
  removeLabel = (n) => `Remove ${noun} ${n}`,
  movable = false,
  blank,
  addLabel = `Add ${noun}`,
  adder,
  children,
}: {
  /** The list's field name, e.g. "services". */
  name: string;
  /** One item, in the buttons' names: "Remove service 2", "Move project 1 up", "Add service". */
  noun: string;
  /** Each item is a group with this legend ("Service 2")... */
  legend?: (n: number, item: Item) => string;
  /** ...or, given this grid class, a row whose fields name their item themselves. */
  row?: string;
  removeLabel?: (n: number) => string;
  movable?: boolean;
  /** What "Add" appends. */
  blank?: Item;
  addLabel?: string;
  /** Instead of the Add button: a control that chooses what to add. */
  adder?: (list: Items) => ReactNode;
  /** An item's fields; `prefix` starts their names ("services.2."), `n` counts from 1. */
  children: (prefix: string, item: Item, n: number) => ReactNode;
}) {
  const list = useItems(useFieldItems(name));
  return (
    <>
      <FieldMessage name={name} alert={false} />
      {list.items.map(({ key, v }, i) => (
        <ItemShell key={key} row={row} legend={legend(i + 1, v)}>
          <FieldValues prefix={`${name}.${i}.`} values={v}>
            {children(`${name}.${i}.`, v, i + 1)}
          </FieldValues>
          <div className="flex flex-wrap gap-2">
            {movable && (
              <>
                <ListButton
                  intent={`up:${name}:${i}`}
                  label={`Move ${noun} ${i + 1} up`}
                  onClick={() => list.move(i, -1)}
                >
                  Move up
                </ListButton>
                <ListButton
                  intent={`down:${name}:${i}`}
                  label={`Move ${noun} ${i + 1} down`}
                  onClick={() => list.move(i, 1)}
                >
                  Move down
                </ListButton>
              </>
            )}
            <ListButton
              intent={`remove:${name}:${i}`}
              label={removeLabel(i + 1)}
              onClick={() => list.remove(i)}
            >
              Remove
            </ListButton>
          </div>
        </ItemShell>
      ))}
      {adder ? (
        adder(list)
      ) : (
        <div>
          <ListButton
            intent={`add:${name}`}
            label={addLabel}
            onClick={() => list.add({ ...blank })}
          >
            {addLabel}
          </ListButton>
        </div>
      )}
    </>
  );
}

/** An item: a group with its legend, or a row of the grid `row` (its fields name the item). */
function ItemShell({
  row,
  legend,
  children,
}: {
  row?: string;
  legend: string;
  children: ReactNode;
}) {
  return row ? (
    <div className={`grid items-end gap-3 ${row}`}>{children}</div>
  ) : (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-100">
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}
