// Stand-in: the media engineer's ImageField (upload with progress, media library, Remove image)
// replaces this file at merge. Same interface: a field named `name` carrying the image URL.
import { useId, useState } from "react";

export function ImageField(props: {
  name: string;
  label: string;
  defaultValue?: string;
  description?: string;
}) {
  const id = useId();
  const [value, setValue] = useState(props.defaultValue ?? "");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type="text"
        inputMode="url"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-describedby={props.description ? `${id}-description` : undefined}
        className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      />
      {props.description && (
        <p id={`${id}-description`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {props.description}
        </p>
      )}
      {value && <img src={value} alt="" className="mt-3 h-32 w-auto rounded-lg object-cover" />}
    </div>
  );
}
