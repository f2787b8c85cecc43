// The app's icons: lucide's drawings (lucide-react 1.75), drawn from one SVG sprite instead of
// shipping each icon's paths as JavaScript. `<Icon name="check" />` renders what lucide-react's
// icon renders (the same <svg> attributes; the classes "lucide lucide-<name>" without lucide's
// extra "lucide-<old name>" aliases, which nothing styles), with
// <use href="/assets/icons-[hash].svg#name"> in place of the paths.
//
// The names are a type, erased at build: a page's code carries only the names it uses, and
// TypeScript rejects a name the sprite does not have. To add an icon: add lucide's icon name
// (the file name under node_modules/lucide-react/dist/esm/icons/) to `IconName`, then
// `npm run icons` rewrites icons.svg.
import type { SVGProps } from "react";
import spriteUrl from "./icons.svg?url";

/** The icons in the sprite: lucide's names, which scripts/icons.ts reads from this union. */
export type IconName =
  | "activity"
  | "arrow-down"
  | "arrow-left"
  | "arrow-right"
  | "arrow-up"
  | "award"
  | "badge-check"
  | "book-open"
  | "bot"
  | "briefcase"
  | "building-complex"
  | "calendar-days"
  | "chart-line"
  | "chart-pie"
  | "check"
  | "chevron-down"
  | "chevron-left"
  | "chevron-right"
  | "circle-check"
  | "clipboard-check"
  | "clock"
  | "cloud"
  | "code-xml"
  | "copy"
  | "database"
  | "dollar-sign"
  | "download"
  | "external-link"
  | "factory"
  | "file-chart-column"
  | "file-chart-column-increasing"
  | "file-search"
  | "file-text"
  | "flask-conical"
  | "folder-open"
  | "gauge"
  | "globe"
  | "graduation-cap"
  | "grip-vertical"
  | "handshake"
  | "headset"
  | "heart-pulse"
  | "image"
  | "info"
  | "kanban"
  | "key-round"
  | "landmark"
  | "layout-dashboard"
  | "layout-template"
  | "library"
  | "loader-circle"
  | "lock"
  | "lock-keyhole"
  | "mail"
  | "map-pin"
  | "megaphone"
  | "menu"
  | "messages-square"
  | "moon"
  | "mouse-pointer-click"
  | "network"
  | "palette"
  | "paperclip"
  | "pause"
  | "pen-line"
  | "pencil"
  | "phone"
  | "play"
  | "plug"
  | "plus"
  | "quote"
  | "radar"
  | "receipt"
  | "rotate-cw"
  | "route"
  | "search"
  | "search-code"
  | "server"
  | "server-cog"
  | "shield-check"
  | "shopping-cart"
  | "siren"
  | "sparkles"
  | "split"
  | "sun"
  | "target"
  | "ticket"
  | "trash"
  | "trending-up"
  | "triangle-exclamation-point"
  | "truck"
  | "upload"
  | "user-cog"
  | "user-round"
  | "users"
  | "workflow"
  | "wrench"
  | "x";

export interface IconProps extends SVGProps<SVGSVGElement> {
  /** Which icon (the sprite's `<symbol id>`, lucide's name). */
  name: IconName;
  /** Width and height together (lucide's `size`); default 24. */
  size?: number | string;
}

/** As lucide-react: an icon with any aria-*, role or title prop, or children, is not hidden. */
function hasA11yProp(props: object): boolean {
  for (const [key, value] of Object.entries(props)) {
    if ((key.startsWith("aria-") || key === "role" || key === "title") && value != null)
      return true;
  }
  return false;
}

/** The sprite's `<symbol id={name}>`, as lucide-react draws that icon. */
export function Icon({
  name,
  size = 24,
  strokeWidth = 2,
  className,
  children,
  ...rest
}: IconProps) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: hidden from assistive technology unless the caller names it (aria-label, title child...), as lucide-react does
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      aria-hidden={children || hasA11yProp(rest) ? undefined : "true"}
      {...rest}
    >
      <use href={`${spriteUrl}#${name}`} />
      {children}
    </svg>
  );
}
