import { redirect } from "react-router";

/** /admin-dashboard is the old address of the admin home. */
export function loader() {
  return redirect("/admin/dashboard", 301);
}
