export interface Step {
  title: string;
  description: string;
}

/**
 * Numbered steps of a process, as cards in a row. The big number is decoration; with
 * `announceSteps` a screen reader hears "Step 1: " before each title instead.
 */
export function StepList({
  steps,
  announceSteps = true,
}: {
  steps: readonly Step[];
  announceSteps?: boolean;
}) {
  return (
    <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li
          key={step.title}
          className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <span
            className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white dark:bg-brand-500 dark:text-slate-950"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">
            {announceSteps && <span className="sr-only">Step {index + 1}: </span>}
            {step.title}
          </h3>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
