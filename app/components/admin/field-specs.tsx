// Form fields described as data: a short spec per field (text, long text, image, hidden, a note,
// a row of fields), drawn by one renderer inside an <AdminForm>, each filled with the posted or
// stored value and showing its message. Used where a screen has many similar forms (the
// homepage sections) or fields it shares with another screen (the contact details).
import { Fragment } from "react";
import { useFieldValue } from "./admin-form.tsx";
import { FieldMessage, FormArea, FormText } from "./form-fields.tsx";
import { FormImage } from "./image-field.tsx";

interface Named {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
}

export type FieldSpec =
  | ({ kind: "text"; type?: string } & Named)
  | ({ kind: "area"; rows?: number } & Named)
  | { kind: "image"; name: string; label: string; description?: string }
  /** Posted as it is (a value the form keeps but does not edit); its message shows here. */
  | { kind: "hidden"; name: string }
  | { kind: "note"; text: string }
  /** Fields side by side from the small breakpoint on, e.g. columns "sm:grid-cols-3". */
  | { kind: "row"; columns: string; fields: FieldSpec[] };

type Options<K extends FieldSpec["kind"]> = Omit<
  Extract<FieldSpec, { kind: K }>,
  "kind" | "name" | "label"
>;

export const text = (name: string, label: string, options: Options<"text"> = {}): FieldSpec => ({
  kind: "text",
  name,
  label,
  ...options,
});
export const area = (name: string, label: string, options: Options<"area"> = {}): FieldSpec => ({
  kind: "area",
  name,
  label,
  ...options,
});
export const image = (name: string, label: string, description?: string): FieldSpec => ({
  kind: "image",
  name,
  label,
  description,
});
export const hidden = (...names: string[]): FieldSpec[] =>
  names.map((name) => ({ kind: "hidden", name }));
export const note = (text: string): FieldSpec => ({ kind: "note", text });
export const row = (columns: string, fields: FieldSpec[]): FieldSpec => ({
  kind: "row",
  columns,
  fields,
});

/** The fields of `specs`, their names after `prefix` (a list item's, "services.2."). */
export function SpecFields({ fields, prefix = "" }: { fields: FieldSpec[]; prefix?: string }) {
  return fields.map((field, i) => (
    <Fragment key={"name" in field ? field.name : `${field.kind}-${i}`}>
      <SpecField field={field} prefix={prefix} />
    </Fragment>
  ));
}

function SpecField({ field, prefix }: { field: FieldSpec; prefix: string }) {
  switch (field.kind) {
    case "text": {
      const { kind: _, name, ...props } = field;
      return <FormText {...props} name={prefix + name} />;
    }
    case "area": {
      const { kind: _, name, ...props } = field;
      return <FormArea {...props} name={prefix + name} />;
    }
    case "image":
      // Its message is plain text: the form's summary is the one alert.
      return (
        <FormImage
          name={prefix + field.name}
          label={field.label}
          description={field.description}
          alert={false}
        />
      );
    case "hidden":
      return <Hidden name={prefix + field.name} />;
    case "note":
      return <p className="text-sm text-slate-600 dark:text-slate-300">{field.text}</p>;
    case "row":
      return (
        <div className={`grid gap-4 ${field.columns}`}>
          <SpecFields fields={field.fields} prefix={prefix} />
        </div>
      );
  }
}

function Hidden({ name }: { name: string }) {
  return (
    <>
      <input type="hidden" name={name} value={useFieldValue(name)} />
      <FieldMessage name={name} alert={false} />
    </>
  );
}
