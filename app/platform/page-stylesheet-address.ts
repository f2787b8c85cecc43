// Where a content page's own stylesheet is served (decision 0022): `/styles/<name>.css`, the
// name 22 characters of the SHA-256 of its text. Read by the route that answers it and by the
// page cache that keeps its answers.
export const PAGE_STYLESHEET_PATH = "/styles/";
/** A file name under PAGE_STYLESHEET_PATH; the name is the first group. */
export const PAGE_STYLESHEET_NAME = /^([A-Za-z0-9_-]{22})\.css$/;
/** A whole address of a content page's stylesheet. */
export const PAGE_STYLESHEET_ADDRESS = new RegExp(
  `^${PAGE_STYLESHEET_PATH}${PAGE_STYLESHEET_NAME.source.slice(1)}`,
);
