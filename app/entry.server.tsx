import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, RouterContextProvider, ServerRouter } from "react-router";
import { noteRefusedText, refusedText } from "#app/web/bad-input.server.ts";
import { DocumentProvider } from "./components/document.tsx";
import { ErrorPage } from "./components/error-page.tsx";
import { siteScript, speculationRules } from "./components/layout/site-script.ts";
import { SCRIPT_CLASSES } from "./components/layout/theme.ts";
import { appContext } from "./platform/context.ts";
import { RETRY_AFTER_SECONDS } from "./platform/db/unavailable.server.ts";
import { databaseUnavailable, noteRequestError } from "./platform/outage.server.ts";
import { pageStylesheet, pageStylesheetFiles } from "./platform/page-styles.server.ts";
import { currentPreview } from "./platform/preview-scope.server.ts";
import { redactSecrets } from "./platform/redact.ts";
import { pageHydrates } from "./platform/static-page.ts";
import { renderingStatic } from "./platform/static-render.server.ts";
import { siteStylesheet } from "./site-stylesheet.server.ts";

export const streamTimeout = 5_000;

/**
 * The address of a content page's stylesheet: known once the page is rendered whole (only the
 * rules that can match the page's HTML, as a file named by its content; the site stylesheet is
 * read the first time).
 */
const PAGE_STYLESHEET_MARK = "/styles/page-stylesheet-mark.css";
let contentPageStyles: ((html: string) => string) | undefined;
function withPageStylesheet(html: string): string {
  contentPageStyles ??= pageStylesheet(siteStylesheet, SCRIPT_CLASSES);
  const href = pageStylesheetFiles.keep(contentPageStyles(html));
  return html.replace(`href="${PAGE_STYLESHEET_MARK}"`, () => `href="${href}"`);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A loader or action could not reach the database: the error page says "try again", as a 503.
  if (responseStatusCode >= 500 && databaseUnavailable(loadContext)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  } else if (responseStatusCode >= 500 && refusedText(loadContext)) {
    // Text the database refused got past the checks at the edge: the client's error, not ours.
    responseStatusCode = 400;
  }
  // A preview link's page (decision 0021): never kept, never indexed, the link never leaves the site.
  if (currentPreview()) {
    responseHeaders.set("Cache-Control", "no-store");
    responseHeaders.set("X-Robots-Tag", "noindex, nofollow");
    responseHeaders.set("Referrer-Policy", "same-origin");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, logger } = loadContext.get(appContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // A page without the framework's script (decision 0022): nothing may come later through
    // React's own inline scripts, so it is rendered whole before it is sent.
    const hydrates = pageHydrates(
      routerContext.staticHandlerContext.matches.map(
        (match) => routerContext.routeModules[match.route.id]?.handle,
      ),
    );
    // Crawlers get the complete document in one piece.
    const readyOption =
      !hydrates || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const render = () =>
      renderToPipeableStream(
        <DocumentProvider
          value={{
            nonce,
            ...(hydrates ? { styles: siteStylesheet } : { stylesheet: PAGE_STYLESHEET_MARK }),
            status: responseStatusCode,
            ErrorPage,
            scripts: { site: siteScript, speculation: speculationRules },
          }}
        >
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DocumentProvider>,
        {
          nonce,
          // Never move finished parts of the page out of place to be revealed by a script: a
          // browser without JavaScript (or a crawler) would not see them. React does that to any
          // Suspense boundary after the first 12.8 kB, and the inlined stylesheet alone is more.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          [readyOption]() {
            shellRendered = true;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            if (!hydrates) {
              pipe(wholePage());
              return;
            }
            const body = new PassThrough({
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                callback();
              },
            });
            pipe(body);
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          },
          onShellError(error: unknown) {
            reject(error);
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            if (shellRendered) logger.error({ err: error }, "streaming render failed");
          },
        },
      );
    // A content page is kept whole until it ends, then sent with its own stylesheet's address.
    const wholePage = () => {
      const chunks: Buffer[] = [];
      return new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
        final(callback) {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          const html = withPageStylesheet(Buffer.concat(chunks).toString("utf8"));
          resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          callback();
        },
      });
    };
    const { pipe, abort } = hydrates ? render() : renderingStatic(render);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests (the client went away) are not errors of ours, nor are the router's own
  // answers to a wrong request (405 for a POST to a page without an action, 404): the request
  // log has them, and anyone could fill the error log with them.
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (context instanceof RouterContextProvider) {
    const { logger } = context.get(appContext);
    // A one-time link's token is in its page's address: the logger's redaction hides it.
    const { url } = request;
    if (noteRequestError(error, context)) {
      logger.warn({ err: error, url }, "database unavailable");
    } else if (noteRefusedText(error, context)) {
      logger.warn({ err: error, url }, "the database refused text of the request");
    } else {
      logger.error({ err: error, url }, "request failed");
    }
  } else {
    // Outside the app's logger (no context): the same redaction, by hand.
    console.error(redactSecrets(String((error as Error)?.stack ?? error)));
  }
};
