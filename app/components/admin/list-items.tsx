// Lists in staff forms (services, testimonials, social links): edited in place by script; without
// script their buttons post list intents ("remove:services:2") that the action applies.
import { type ReactNode, useState } from "react";

let uid = 0;
const nextKey = () => `item-${++uid}`;

/** A list edited in place by script; without script its buttons post list intents. */
export function useItems(initial: Record<string, unknown>[]) {
  const [items, setItems] = useState(() => initial.map((v) => ({ key: nextKey(), v })));
  return {
    items,
    add(v: Record<string, unknown>) {
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
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {children}
    </button>
  );
}
