// The customers table with its search, and the Add/Edit customer form and delete confirmation.

import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { adminButton, adminDanger, adminPrimary } from "#app/components/admin/buttons.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { stackedTable } from "#app/components/ui/stacked-table.ts";
import { When } from "#app/components/ui/when.tsx";
import { CORRECT_FIELDS } from "#app/domain/leads/leads.ts";
import {
  centsToDollarsField,
  customerFromFields,
  DEAL_PHASES,
  DELETE_CUSTOMER_CONFIRM,
  phaseBadgeClass,
  validateCustomer,
} from "#app/domain/leads/records.schema.ts";
import type { DashboardData } from "#app/domain/sales/dashboard.server.ts";
import type { FieldErrors } from "#app/platform/validation.ts";
import { inputClass, SmallField, SmallInput } from "./sales-ui.tsx";

type Customer = DashboardData["customers"][number];

const columns = ["Customer", "Contact Info", "Company", "Status", "Phase", "Added", "Actions"];
/** Managers see whose customer each one is. */
const columnsWithRep = ["Customer", "Sales Rep", ...columns.slice(1)];

export function CustomerSearch({ search }: { search: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      role="search"
      preventScrollReset
      className="flex gap-2"
      aria-label="Customers"
    >
      <label htmlFor="customer-search" className="sr-only">
        Search customers
      </label>
      <input
        id="customer-search"
        type="search"
        name="q"
        defaultValue={search}
        placeholder="Search customers..."
        className={`${inputClass} mt-0 w-full sm:w-72`}
        onChange={(e) => {
          const form = e.currentTarget.form;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            if (form) submit(form, { replace: true, preventScrollReset: true });
          }, 250);
        }}
      />
      <button type="submit" className={adminButton}>
        <Icon name="search" className="size-4" />
        <span className="sr-only sm:not-sr-only">Search</span>
      </button>
    </Form>
  );
}

export function CustomersTable({
  customers,
  manager,
  search,
  open,
}: {
  customers: Customer[];
  manager: boolean;
  search: string;
  /** The address that opens a record's detail. */
  open: (id: number) => string;
}) {
  if (customers.length === 0) {
    return (
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        {search
          ? `No customers match "${search}".`
          : manager
            ? "No customer has a sales rep yet: assign the New leads above, or add a customer."
            : "No customers yet. Leads a manager assigns to you, and customers you add, show here."}
      </p>
    );
  }
  const th =
    "px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300";
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
      <table
        {...stackedTable(
          manager ? columnsWithRep : columns,
          "w-full min-w-[40rem] bg-white text-sm dark:bg-slate-900",
        )}
      >
        <caption className="sr-only">Customers</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            {(manager ? columnsWithRep : columns).map((label) => (
              <th key={label} scope="col" className={th}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {customers.map((c) => (
            <tr key={c.id} data-testid={`customer-${c.id}`}>
              <th
                scope="row"
                className="px-3 py-3 text-left font-medium text-slate-900 dark:text-white"
              >
                <Link
                  to={open(c.id)}
                  className="text-brand-700 underline dark:text-brand-300"
                  data-testid={`open-customer-${c.id}`}
                >
                  {c.name}
                </Link>
              </th>
              {manager && (
                <td className="px-3 py-3 text-slate-700 dark:text-slate-300">{c.repName}</td>
              )}
              <td className="px-3 py-3 text-slate-700 dark:text-slate-300">
                <div>{c.email}</div>
                {c.phone && <div className="text-slate-600 dark:text-slate-400">{c.phone}</div>}
              </td>
              <td className="px-3 py-3 text-slate-700 dark:text-slate-300">{c.company}</td>
              <td className="px-3 py-3 text-slate-700 dark:text-slate-300">{c.status}</td>
              <td className="px-3 py-3">
                <span
                  className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${phaseBadgeClass(c.phase)}`}
                >
                  {c.phase}
                </span>
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700 dark:text-slate-300">
                <When at={c.createdAt} kind="date" />
              </td>
              <td className="px-3 py-3">
                <div className="flex gap-2">
                  <Link
                    to={`?edit=${c.id}`}
                    preventScrollReset
                    className={adminButton}
                    aria-label={`Edit ${c.name}`}
                  >
                    <Icon name="pencil" className="size-4" />
                  </Link>
                  <Link
                    to={`?delete=${c.id}`}
                    preventScrollReset
                    className={`${adminButton} text-red-700 dark:text-red-300`}
                    aria-label={`Delete ${c.name}`}
                  >
                    <Icon name="trash" className="size-4" />
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface EditedCustomer {
  id: number;
  name: string;
  email: string;
  company: string;
  phone: string;
  phase: string;
  dealValueCents: number;
  repId: number | null;
}

export function CustomerForm({
  customer,
  staff,
  manager,
  errors: serverErrors,
  values,
  cancelTo,
}: {
  customer?: EditedCustomer | null;
  staff: DashboardData["staff"];
  manager: boolean;
  errors?: FieldErrors;
  values?: Record<string, string>;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const intent = customer ? "update" : "create";
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors ?? {};
  const value = (name: string, fallback: string) => values?.[name] ?? fallback;
  const described = (id: string, name: string) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-error` : undefined,
  });
  return (
    <Form
      method="post"
      noValidate
      preventScrollReset
      aria-label={customer ? "Edit customer" : "Add customer"}
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        // The same rules as the server, before anything is sent.
        const result = validateCustomer(
          customerFromFields(Object.fromEntries(new FormData(e.currentTarget))),
        );
        if (!result.ok) {
          e.preventDefault();
          setClientErrors(result.fieldErrors ?? {});
        } else {
          setClientErrors(null);
        }
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {customer && <input type="hidden" name="id" value={customer.id} />}
      {Object.keys(errors).length > 0 && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 sm:col-span-2 dark:bg-red-950 dark:text-red-200"
        >
          {CORRECT_FIELDS}
        </p>
      )}
      <SmallInput
        label="Name"
        id="customer-name"
        name="name"
        error={errors.name}
        required
        autoComplete="off"
        defaultValue={value("name", customer?.name ?? "")}
      />
      <SmallInput
        label="Email"
        id="customer-email"
        name="email"
        type="email"
        error={errors.email}
        required
        autoComplete="off"
        defaultValue={value("email", customer?.email ?? "")}
      />
      <SmallInput
        label="Company"
        id="customer-company"
        name="company"
        error={errors.company}
        autoComplete="off"
        defaultValue={value("company", customer?.company ?? "")}
      />
      <SmallInput
        label="Phone"
        id="customer-phone"
        name="phone"
        type="tel"
        error={errors.phone}
        autoComplete="off"
        defaultValue={value("phone", customer?.phone ?? "")}
      />
      <SmallField label="Phase" id="customer-phase" error={errors.phase} required>
        <select
          id="customer-phase"
          name="phase"
          // Every phase is a value (no empty choice), where HTML does not allow `required`.
          aria-required="true"
          defaultValue={value("phase", customer?.phase ?? "Free MVP")}
          className={inputClass}
          {...described("customer-phase", "phase")}
        >
          {DEAL_PHASES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </SmallField>
      <SmallInput
        label="Deal Value ($)"
        id="customer-value"
        name="dealValue"
        inputMode="decimal"
        error={errors.dealValue}
        required
        defaultValue={value(
          "dealValue",
          customer ? centsToDollarsField(customer.dealValueCents) : "0",
        )}
      />
      {manager && (
        <SmallField label="Sales Rep" id="customer-rep" error={errors.repId}>
          <select
            id="customer-rep"
            name="repId"
            defaultValue={value("repId", customer?.repId ? String(customer.repId) : "")}
            className={inputClass}
            {...described("customer-rep", "repId")}
          >
            <option value="">{customer ? "Keep current" : "Me"}</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </SmallField>
      )}
      <div className="sm:col-span-2">
        <SmallField
          label="Note (optional, added to Recent Activity)"
          id="customer-note"
          error={errors.note}
        >
          <textarea
            id="customer-note"
            name="note"
            rows={2}
            defaultValue={value("note", "")}
            className={inputClass}
            {...described("customer-note", "note")}
          />
        </SmallField>
      </div>
      <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
        <Link to={cancelTo} preventScrollReset className={adminButton}>
          Cancel
        </Link>
        <button type="submit" className={adminPrimary} disabled={saving}>
          {saving ? "Saving..." : customer ? "Save Changes" : "Add Customer"}
        </button>
      </div>
    </Form>
  );
}

export function DeleteConfirm({
  customer,
  cancelTo,
}: {
  customer: { id: number; name: string };
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const deleting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <div>
      <p className="text-slate-800 dark:text-slate-200">
        {DELETE_CUSTOMER_CONFIRM} {customer.name} will be removed, with any deal booked for them.
        This cannot be undone.
      </p>
      <Form method="post" preventScrollReset className="mt-4 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={customer.id} />
        <Link to={cancelTo} preventScrollReset className={adminButton}>
          Cancel
        </Link>
        <button type="submit" className={adminDanger} disabled={deleting}>
          {deleting ? "Deleting..." : "Delete Customer"}
        </button>
      </Form>
    </div>
  );
}
