// The stored facts of a log entry (an audit entry, an e-mail), one click away behind its
// readable summary: a disclosure that works without script.

export function RawDetails({ value, label = "Raw details" }: { value: unknown; label?: string }) {
  return (
    <details className="mt-1 text-xs text-slate-600 dark:text-slate-400">
      <summary className="cursor-pointer rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-300">
        {label}
      </summary>
      <pre className="mt-1 max-w-full overflow-x-auto rounded-md bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-800 dark:bg-slate-800 dark:text-slate-100">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}
