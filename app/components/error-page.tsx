import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { errorStatusAttribute } from "./error-status.ts";

const texts = {
  // An address with characters no page has (a NUL byte, a control character).
  400: {
    title: "Bad Request",
    body: "This address holds characters the site does not accept. Please check the link or start again from the home page.",
  },
  410: {
    title: "Link No Longer Works",
    body: "This link has expired or been withdrawn.",
  },
  404: {
    title: "Page Not Found",
    body: "The page you are looking for does not exist or has moved.",
  },
  500: {
    title: "Something Went Wrong",
    body: "We could not show this page right now. Please try again in a moment; if it keeps happening, call or e-mail us.",
  },
  // The database (or another dependency) is away for a moment; the visitor can retry.
  503: {
    title: "Temporarily Unavailable",
    body: "Our systems are briefly unavailable, and nothing you sent was lost. Please try again in a few minutes; if it is urgent, call or e-mail us.",
  },
} satisfies Record<number, { title: string; body: string }>;

/** The 404 and error pages, in the site's look; never shows error details. */
export function ErrorPage({
  status,
  standalone = false,
}: {
  status: number;
  standalone?: boolean;
}) {
  // A refused link says why (`data({ linkRefused })`: a preview link).
  const error = useRouteError();
  const said = isRouteErrorResponse(error)
    ? (error.data as { linkRefused?: unknown } | null)?.linkRefused
    : undefined;
  const message = typeof said === "string" ? said : undefined;
  const notFound = status === 404;
  const text = texts[status as keyof typeof texts] ?? texts[500];
  return (
    <main
      id="main"
      {...errorStatusAttribute(status)}
      className={`container-page flex flex-col items-center justify-center py-24 text-center ${standalone ? "min-h-dvh" : "min-h-[60vh]"}`}
    >
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-600 dark:text-brand-300">
        {notFound ? "Error 404" : `Error ${status}`}
      </p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
        {text.title}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600 dark:text-slate-300">
        {message ?? text.body}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A full document load: after an error the app may not be in a state to navigate. */}
        <Link to="/" reloadDocument className="btn-primary">
          Back to Home
        </Link>
        {notFound && (
          <Link to="/certification-training" className="btn-secondary">
            Browse Training
          </Link>
        )}
      </div>
    </main>
  );
}
