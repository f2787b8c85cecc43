import { type ReactNode, useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { refuseBadAddress, refusedTextMiddleware } from "#app/web/bad-input.server.ts";
import { statusOf } from "#app/web/http.server.ts";
import { drainUnreadBody } from "#app/web/request-body.server.ts";
import type { Route } from "./+types/root";
import { InlineScript, RouteErrorPage, SiteStyles, useNonce } from "./components/document.tsx";
import { themeScript } from "./components/layout/theme.ts";
import { useHydrated } from "./components/ui/use-hydrated.ts";
import { outageMiddleware } from "./platform/outage.server.ts";
import { currentPreview } from "./platform/preview-scope.server.ts";
import { pageHydrates, STATIC_PAGE } from "./platform/static-page.ts";

// The root itself needs no framework script: its pages choose (decision 0022).
export const handle = STATIC_PAGE;

// Development: Vite's stylesheet with hot reload, on top of the inlined one.
if (import.meta.env.DEV) void import("./app.css");

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * Only a preview link (decision 0021) gives the root anything to say: the banner over the page,
 * or why the link does not work (as the page's status).
 */
export function loader() {
  const preview = currentPreview();
  if (!preview) return null;
  if (!preview.ok) throw data({ linkRefused: preview.error }, { status: statusOf(preview.reason) });
  // The words come from here: the pages' script stays as small as it was.
  return {
    preview: `Preview of an unpublished version (version ${preview.value.versionId}) of "${preview.value.title}". Visitors see the live version until it is published.`,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const preview = useRouteLoaderData<typeof loader>("root")?.preview;
  const hydrate = pageHydrates(useMatches().map((match) => match.handle));
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1a318c" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed constant, no user data
          dangerouslySetInnerHTML={{ __html: themeScript }}
        />
        <Meta />
        <SiteStyles />
        <Links />
      </head>
      <body className="min-h-dvh">
        {preview && (
          <p role="status" className="preview-banner">
            {preview}
          </p>
        )}
        {children}
        {/* On a content page the site script comes last: the page's first paint waits for it
            (SiteStyles), so the speculation rules, which restyle every link, are read first. */}
        {!hydrate && <InlineScript name="speculation" type="speculationrules" />}
        <InlineScript name="site" />
        {hydrate && (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

// A body no route read is drained (the client gets the answer, not a reset connection); an
// address with text no page accepts is refused before any loader runs; a loader, action or
// API that cannot reach the database answers 503, one that got such text to the database 400.
export const middleware: Route.MiddlewareFunction[] = [
  drainUnreadBody,
  refuseBadAddress,
  outageMiddleware,
  refusedTextMiddleware,
];

export default function App() {
  // Says the page has hydrated (its controls run their script now): what end-to-end tests wait
  // for before they click. A content page loads no script and needs no such signal. Set after
  // the render in which every `useHydrated()` turned true (their updates are batched with this
  // one), so a control that swaps itself once hydrated (a dialog for a section) has swapped.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute("data-hydrated", "");
  }, [hydrated]);
  return <Outlet />;
}

/** Last resort when even the site layout failed: a plain page, never a stack trace. */
export function ErrorBoundary() {
  return <RouteErrorPage standalone />;
}
