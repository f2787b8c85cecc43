import { createContext, lazy, Suspense, useContext } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import type { ErrorPage as ErrorPageComponent } from "./error-page.tsx";
import { ERROR_STATUS_ATTRIBUTE } from "./error-status.ts";

interface DocumentContext {
  /** The CSP nonce of the current response. */
  nonce?: string;
  /** The whole site stylesheet, inlined into a hydrated page (one round trip less to first paint). */
  styles?: string;
  /** A content page's own stylesheet, linked: its address (decision 0022). */
  stylesheet?: string;
  /** The status the server answers with (e.g. 503 when the database is away). */
  status?: number;
  /** The error page, given by the server so that it renders at once (see RouteErrorPage). */
  ErrorPage?: typeof ErrorPageComponent;
  /** The site's inline scripts (decision 0022), given by the server: no bundle carries them. */
  scripts?: Record<InlineScriptName, string>;
}

type InlineScriptName = "site" | "speculation";
const inlineScriptId = (name: InlineScriptName) => `${name}-script`;

const Context = createContext<DocumentContext>({});

/** Given by the server entry; in the browser there is none. */
export const DocumentProvider = Context.Provider;

/** The CSP nonce of the current response on the server; undefined in the browser. */
export function useNonce(): string | undefined {
  return useContext(Context).nonce;
}

const STYLES_ID = "site-styles";
let hydratedStyles: string | undefined;

/**
 * The site stylesheet as an inline <style>. The server renders it from the build; the browser
 * keeps the text it received, so hydration matches and the JavaScript bundle carries no CSS. A
 * content page, which never hydrates, links its own stylesheet instead, and holds its first
 * paint until its HTML has been read to the end (the site script, last in the body): painting
 * the first part and then laying out the whole page again cost more than the wait (decision 0022).
 */
export function SiteStyles() {
  const { styles, stylesheet } = useContext(Context);
  if (stylesheet)
    return (
      <>
        <link rel="stylesheet" href={stylesheet} />
        <link rel="expect" href={`#${inlineScriptId("site")}`} blocking="render" />
      </>
    );
  hydratedStyles ??=
    styles ??
    (typeof document === "undefined"
      ? ""
      : (document.getElementById(STYLES_ID)?.textContent ?? ""));
  return (
    <style
      id={STYLES_ID}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own built stylesheet
      dangerouslySetInnerHTML={{ __html: styles ?? hydratedStyles }}
    />
  );
}

const hydratedScripts = new Map<InlineScriptName, string>();

/**
 * One of the site's inline scripts, allowed by the response's nonce. Like the stylesheet, the
 * server renders its text and the browser keeps the text it received.
 */
export function InlineScript({ name, type }: { name: InlineScriptName; type?: string }) {
  const { nonce, scripts } = useContext(Context);
  const id = inlineScriptId(name);
  if (!hydratedScripts.has(name))
    hydratedScripts.set(
      name,
      scripts?.[name] ??
        (typeof document === "undefined" ? "" : (document.getElementById(id)?.textContent ?? "")),
    );
  return (
    <script
      id={id}
      type={type}
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own fixed script
      dangerouslySetInnerHTML={{ __html: scripts?.[name] ?? hydratedScripts.get(name) ?? "" }}
    />
  );
}

let hydratedErrorStatus: number | undefined;

/**
 * The status an error boundary shows. A thrown response keeps its own; any other error is the
 * status the server chose for the page (503 when the database was away, else 500). The browser
 * gets only a sanitized error, so while hydrating it reads the status the server wrote into the
 * page (see `errorStatusAttribute`).
 */
export function useErrorStatus(error: unknown): number {
  const { status } = useContext(Context);
  if (isRouteErrorResponse(error)) return error.status;
  if (status && status >= 500) return status;
  if (typeof document !== "undefined") {
    hydratedErrorStatus ??= Number(
      document.querySelector(`[${ERROR_STATUS_ATTRIBUTE}]`)?.getAttribute(ERROR_STATUS_ATTRIBUTE),
    );
    if (hydratedErrorStatus >= 500) return hydratedErrorStatus;
  }
  return 500;
}

// In the browser the error page's code is fetched only when a page fails: most visits never
// need it (while it arrives, React keeps the server's markup of an error page it hydrates). The
// server entry hands over the component itself, so the server's page is complete at once.
const LazyErrorPage = lazy(() =>
  import("./error-page.tsx").then((m) => ({ default: m.ErrorPage })),
);

/** A route's error boundary: the 404 or error page for the error it caught. */
export function RouteErrorPage({ standalone }: { standalone?: boolean }) {
  const status = useErrorStatus(useRouteError());
  const ErrorPage = useContext(Context).ErrorPage ?? LazyErrorPage;
  return (
    <Suspense>
      <ErrorPage status={status} standalone={standalone} />
    </Suspense>
  );
}
