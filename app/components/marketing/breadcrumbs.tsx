import { Fragment } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icons.tsx";

/** The visible breadcrumb trail on a dark hero: Home, the parents, then the current page. */
export function Breadcrumbs({
  parents,
  current,
}: {
  parents: { name: string; path: string }[];
  current: string;
}) {
  const separator = (
    <li aria-hidden="true">
      <Icon name="chevron-right" className="size-4" />
    </li>
  );
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-brand-200">
        {[{ name: "Home", path: "/" }, ...parents].map((crumb) => (
          <Fragment key={crumb.path}>
            <li>
              <Link to={crumb.path} className="hover:underline">
                {crumb.name}
              </Link>
            </li>
            {separator}
          </Fragment>
        ))}
        <li aria-current="page" className="text-white">
          {current}
        </li>
      </ol>
    </nav>
  );
}
