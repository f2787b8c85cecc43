// The site's lists of links (the header's menus, the footer's columns): one item per link. The
// menus mark the page the visitor is on (NavLink: aria-current); the footer's links are plain.
import { Link, NavLink } from "react-router";
import type { NavLinkItem } from "./nav.ts";

export function LinkList({
  items,
  className,
  linkClassName,
  markCurrent = false,
}: {
  items: readonly NavLinkItem[];
  className: string;
  linkClassName: string;
  markCurrent?: boolean;
}) {
  const Anchor = markCurrent ? NavLink : Link;
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <Anchor to={item.to} className={linkClassName}>
            {item.label}
          </Anchor>
        </li>
      ))}
    </ul>
  );
}
