// The staff screens' buttons and button-styled links (admin and sales): one look everywhere.
const focus =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

const outlined = `inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700 ${focus}`;

/** A secondary action: Edit, Cancel, Filter, row actions. */
export const adminButton = `${outlined} text-slate-800 dark:text-slate-100`;

/** The screen's or the form's main action: Add, Save, Create. */
export const adminPrimary = `inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60 ${focus}`;

/** The confirming button of a deletion. */
export const adminDanger = `inline-flex items-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60 ${focus}`;

/** A secondary button that starts a deletion (it asks first). */
export const adminDangerLink = `${outlined} text-red-700 dark:text-red-300`;
