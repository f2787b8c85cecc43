import { data } from "react-router";
import { requireAdmin } from "#app/web/guard.server.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Page Not Found | Sigma Technology Partners" },
  { name: "robots", content: "noindex" },
];

// Any other /admin/* address: admins only, like every admin page, then a 404.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        Page Not Found
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        There is no admin page at this address. Choose a screen from the menu.
      </p>
    </>
  );
}
