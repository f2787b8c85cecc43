// The app's icons: lucide's drawings (lucide-react 1.75), drawn from one SVG sprite instead of
// shipping each icon's paths as JavaScript. Each export keeps the name the app imported from
// "lucide-react" and renders what lucide renders (the same <svg> attributes; the classes
// "lucide lucide-<name>" without lucide's extra "lucide-<old name>" aliases, which nothing
// styles), with <use href="/assets/icons-[hash].svg#name"> in place of the paths.
//
// To add an icon: add a line below with lucide's icon name (the file name under
// node_modules/lucide-react/dist/esm/icons/), then `npm run icons` rewrites icons.svg.
import type { ReactElement, SVGProps } from "react";
import spriteUrl from "./icons.svg?url";

export interface IconProps extends SVGProps<SVGSVGElement> {
  /** Width and height together (lucide's `size`); default 24. */
  size?: number | string;
}

/** Any icon from this module (what `LucideIcon` was). */
export type IconComponent = (props: IconProps) => ReactElement;

/** As lucide-react: an icon with any aria-*, role or title prop, or children, is not hidden. */
function hasA11yProp(props: object): boolean {
  for (const [key, value] of Object.entries(props)) {
    if ((key.startsWith("aria-") || key === "role" || key === "title") && value != null)
      return true;
  }
  return false;
}

/** The component for the sprite's `<symbol id={name}>`. */
function spriteIcon(name: string): IconComponent {
  return ({ size = 24, strokeWidth = 2, className, children, ...rest }) => (
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

export const Activity = /* @__PURE__ */ spriteIcon("activity");
export const AlertTriangle = /* @__PURE__ */ spriteIcon("triangle-exclamation-point");
export const ArrowDown = /* @__PURE__ */ spriteIcon("arrow-down");
export const ArrowLeft = /* @__PURE__ */ spriteIcon("arrow-left");
export const ArrowRight = /* @__PURE__ */ spriteIcon("arrow-right");
export const ArrowUp = /* @__PURE__ */ spriteIcon("arrow-up");
export const Award = /* @__PURE__ */ spriteIcon("award");
export const BadgeCheck = /* @__PURE__ */ spriteIcon("badge-check");
export const BookOpen = /* @__PURE__ */ spriteIcon("book-open");
export const Bot = /* @__PURE__ */ spriteIcon("bot");
export const Briefcase = /* @__PURE__ */ spriteIcon("briefcase");
export const Building2 = /* @__PURE__ */ spriteIcon("building-complex");
export const CalendarDays = /* @__PURE__ */ spriteIcon("calendar-days");
export const ChartLine = /* @__PURE__ */ spriteIcon("chart-line");
export const ChartPie = /* @__PURE__ */ spriteIcon("chart-pie");
export const Check = /* @__PURE__ */ spriteIcon("check");
export const CheckCircle2 = /* @__PURE__ */ spriteIcon("circle-check");
export const ChevronDown = /* @__PURE__ */ spriteIcon("chevron-down");
export const ChevronLeft = /* @__PURE__ */ spriteIcon("chevron-left");
export const ChevronRight = /* @__PURE__ */ spriteIcon("chevron-right");
export const ClipboardCheck = /* @__PURE__ */ spriteIcon("clipboard-check");
export const Clock = /* @__PURE__ */ spriteIcon("clock");
export const Cloud = /* @__PURE__ */ spriteIcon("cloud");
export const Code2 = /* @__PURE__ */ spriteIcon("code-xml");
export const Copy = /* @__PURE__ */ spriteIcon("copy");
export const Database = /* @__PURE__ */ spriteIcon("database");
export const DollarSign = /* @__PURE__ */ spriteIcon("dollar-sign");
export const Download = /* @__PURE__ */ spriteIcon("download");
export const ExternalLink = /* @__PURE__ */ spriteIcon("external-link");
export const Factory = /* @__PURE__ */ spriteIcon("factory");
export const FileBarChart = /* @__PURE__ */ spriteIcon("file-chart-column-increasing");
export const FileChartColumn = /* @__PURE__ */ spriteIcon("file-chart-column");
export const FileSearch = /* @__PURE__ */ spriteIcon("file-search");
export const FileText = /* @__PURE__ */ spriteIcon("file-text");
export const FlaskConical = /* @__PURE__ */ spriteIcon("flask-conical");
export const FolderOpen = /* @__PURE__ */ spriteIcon("folder-open");
export const Gauge = /* @__PURE__ */ spriteIcon("gauge");
export const Globe = /* @__PURE__ */ spriteIcon("globe");
export const GraduationCap = /* @__PURE__ */ spriteIcon("graduation-cap");
export const GripVertical = /* @__PURE__ */ spriteIcon("grip-vertical");
export const Handshake = /* @__PURE__ */ spriteIcon("handshake");
export const Headset = /* @__PURE__ */ spriteIcon("headset");
export const HeartPulse = /* @__PURE__ */ spriteIcon("heart-pulse");
export const ImageIcon = /* @__PURE__ */ spriteIcon("image");
export const Info = /* @__PURE__ */ spriteIcon("info");
export const Kanban = /* @__PURE__ */ spriteIcon("kanban");
export const Landmark = /* @__PURE__ */ spriteIcon("landmark");
export const LayoutDashboard = /* @__PURE__ */ spriteIcon("layout-dashboard");
export const LayoutTemplate = /* @__PURE__ */ spriteIcon("layout-template");
export const Library = /* @__PURE__ */ spriteIcon("library");
export const Loader2 = /* @__PURE__ */ spriteIcon("loader-circle");
export const Lock = /* @__PURE__ */ spriteIcon("lock");
export const LockKeyhole = /* @__PURE__ */ spriteIcon("lock-keyhole");
export const Mail = /* @__PURE__ */ spriteIcon("mail");
export const MapPin = /* @__PURE__ */ spriteIcon("map-pin");
export const Megaphone = /* @__PURE__ */ spriteIcon("megaphone");
export const Menu = /* @__PURE__ */ spriteIcon("menu");
export const MessagesSquare = /* @__PURE__ */ spriteIcon("messages-square");
export const Moon = /* @__PURE__ */ spriteIcon("moon");
export const MousePointerClick = /* @__PURE__ */ spriteIcon("mouse-pointer-click");
export const Network = /* @__PURE__ */ spriteIcon("network");
export const Palette = /* @__PURE__ */ spriteIcon("palette");
export const Paperclip = /* @__PURE__ */ spriteIcon("paperclip");
export const Pause = /* @__PURE__ */ spriteIcon("pause");
export const PenLine = /* @__PURE__ */ spriteIcon("pen-line");
export const Pencil = /* @__PURE__ */ spriteIcon("pencil");
export const Phone = /* @__PURE__ */ spriteIcon("phone");
export const Play = /* @__PURE__ */ spriteIcon("play");
export const Plug = /* @__PURE__ */ spriteIcon("plug");
export const Plus = /* @__PURE__ */ spriteIcon("plus");
export const Quote = /* @__PURE__ */ spriteIcon("quote");
export const Radar = /* @__PURE__ */ spriteIcon("radar");
export const Receipt = /* @__PURE__ */ spriteIcon("receipt");
export const RotateCw = /* @__PURE__ */ spriteIcon("rotate-cw");
export const Route = /* @__PURE__ */ spriteIcon("route");
export const Search = /* @__PURE__ */ spriteIcon("search");
export const SearchCode = /* @__PURE__ */ spriteIcon("search-code");
export const Server = /* @__PURE__ */ spriteIcon("server");
export const ServerCog = /* @__PURE__ */ spriteIcon("server-cog");
export const ShieldCheck = /* @__PURE__ */ spriteIcon("shield-check");
export const ShoppingCart = /* @__PURE__ */ spriteIcon("shopping-cart");
export const Siren = /* @__PURE__ */ spriteIcon("siren");
export const Sparkles = /* @__PURE__ */ spriteIcon("sparkles");
export const Split = /* @__PURE__ */ spriteIcon("split");
export const Sun = /* @__PURE__ */ spriteIcon("sun");
export const Target = /* @__PURE__ */ spriteIcon("target");
export const Ticket = /* @__PURE__ */ spriteIcon("ticket");
export const Trash2 = /* @__PURE__ */ spriteIcon("trash");
export const TrendingUp = /* @__PURE__ */ spriteIcon("trending-up");
export const Truck = /* @__PURE__ */ spriteIcon("truck");
export const Upload = /* @__PURE__ */ spriteIcon("upload");
export const UserCog = /* @__PURE__ */ spriteIcon("user-cog");
export const UserRound = /* @__PURE__ */ spriteIcon("user-round");
export const Users = /* @__PURE__ */ spriteIcon("users");
export const Workflow = /* @__PURE__ */ spriteIcon("workflow");
export const Wrench = /* @__PURE__ */ spriteIcon("wrench");
export const X = /* @__PURE__ */ spriteIcon("x");
