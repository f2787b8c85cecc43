import { Link } from "react-router";
import { errorStatusAttribute } from "./error-status.ts";

/** The 404 and error pages, in the site's look; never shows error details. */
export function ErrorPage({
  status,
  standalone = false,
}: {
  status: number;
  standalone?: boolean;
}) {
  const notFound = status === 404;
  // 503: the database (or another dependency) is away for a moment; the visitor can retry.
  const unavailable = status === 503;
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
        {notFound
          ? "Page Not Found"
          : unavailable
            ? "Temporarily Unavailable"
            : "Something Went Wrong"}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600 dark:text-slate-300">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : unavailable
            ? "Our systems are briefly unavailable, and nothing you sent was lost. Please try again in a few minutes; if it is urgent, call or e-mail us."
            : "We could not show this page right now. Please try again in a moment; if it keeps happening, call or e-mail us."}
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
