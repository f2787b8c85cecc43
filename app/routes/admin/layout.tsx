import { Outlet, useLoaderData } from "react-router";
import { StaffShell } from "#app/components/auth/staff-shell.tsx";
import { getTimeZone } from "#app/domain/settings/settings.server.ts";
import { noStore, requireAdmin } from "#app/web/guard.server.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export const middleware = [noStore];

// Each child checks the role in its own loader and action too; this one guards the frame.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = await requireAdmin(request, context);
  // The company's time zone: every screen below shows its dates and times in it (<When>).
  return { username: user.username ?? user.email, timeZone: await getTimeZone(services.db) };
}

export const adminNav = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/homepage", label: "Content Management" },
  { to: "/admin/slides", label: "Hero Slider" },
  { to: "/admin/images", label: "Image Gallery" },
  { to: "/admin/customers", label: "Customer Management" },
  { to: "/admin/portfolio", label: "Portfolio Projects" },
  { to: "/admin/projects", label: "Project Details" },
  { to: "/admin/courses", label: "Courses" },
  { to: "/admin/registrations", label: "Registrations" },
  { to: "/admin/invoices", label: "Invoices" },
  { to: "/admin/consultations", label: "Consultations" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/content", label: "Content Blocks" },
  { to: "/admin/releases", label: "Scheduled Releases" },
  { to: "/admin/mail", label: "Mail Log" },
  { to: "/admin/audit", label: "Audit Log" },
];

export default function AdminLayout() {
  const { username } = useLoaderData<typeof loader>();
  return (
    <StaffShell area="Admin" welcome={`Welcome, ${username}`} signOutTo="/admin" nav={adminNav}>
      <Outlet />
    </StaffShell>
  );
}
