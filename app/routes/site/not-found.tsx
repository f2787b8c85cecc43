import { data } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/not-found";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page Not Found" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
