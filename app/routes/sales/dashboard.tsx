import { useLoaderData } from "react-router";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { noStore, requireUser } from "#app/domain/auth/guard.server.ts";
import { displayName, roleLabels, SALES_ROLES } from "#app/domain/auth/roles.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Sales Dashboard | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

export const middleware = [noStore];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, { roles: SALES_ROLES, signInPath: "/login" });
  return { name: displayName(user), role: roleLabels[user.role] };
}

export default function SalesDashboard() {
  const { name, role } = useLoaderData<typeof loader>();
  return (
    <StaffShell area="Sales Dashboard" welcome={`Welcome, ${name}`} signOutTo="/login">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Sales Dashboard
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Signed in as {name} ({role}). Earnings, training, customers and the pipeline appear here.
      </p>
    </StaffShell>
  );
}
