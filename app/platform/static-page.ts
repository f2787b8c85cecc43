/**
 * Pages that need no framework script (decision 0022). A route says so in its `handle`; the
 * root leaves out React Router's scripts when every matched route does, so the browser gets
 * the server's HTML, the site's small inline script and nothing else.
 */
export interface PageHandle {
  /** false: this route's page works without React in the browser. */
  hydrate?: boolean;
  /** The page has "Start Your AI Design" buttons: the layout renders their dialog. */
  inquiryDialog?: boolean;
}

/** The handle of a content page. */
export const STATIC_PAGE: PageHandle = { hydrate: false };
/** The handle of a content page with "Start Your AI Design" buttons. */
export const STATIC_PAGE_WITH_INQUIRY: PageHandle = { hydrate: false, inquiryDialog: true };

const handleOf = (handle: unknown): PageHandle | undefined =>
  typeof handle === "object" && handle !== null ? (handle as PageHandle) : undefined;

/** Whether a page with these matched routes' handles loads the framework. */
export function pageHydrates(handles: readonly unknown[]): boolean {
  return !handles.every((handle) => handleOf(handle)?.hydrate === false);
}

/** Whether one of the matched routes asks for the AI design dialog. */
export function wantsInquiryDialog(handles: readonly unknown[]): boolean {
  return handles.some((handle) => handleOf(handle)?.inquiryDialog === true);
}

/**
 * A content page's client middleware: reached only from a hydrated page (a link in the header
 * of the registration wizard, say), it loads the page as a document, so its inline behaviour
 * runs and nothing of it waits for React. (A `clientLoader` would do it too, but a route with
 * one and no server loader renders nothing on the server.)
 */
function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

export const AS_DOCUMENT = [loadAsDocument];
