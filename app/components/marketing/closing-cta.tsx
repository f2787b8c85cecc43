import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icons.tsx";

export interface CtaLink {
  to: string;
  label: string;
}

type Layout =
  /** Everything centered, with an optional row of arrow links under the buttons. */
  | { layout: "center"; links?: readonly CtaLink[] }
  /** Text and buttons on the left, the aside (contact details) on the right. */
  | { layout: "split"; aside: ReactNode }
  /** Text on the left, the buttons beside it on wide screens. */
  | { layout: "row" };

/**
 * The pale band that closes the portfolio's pages: a centered h2, a lead if any, the buttons.
 * `spacing` is the band's vertical padding.
 */
export function PaleCta({
  headingId,
  title,
  lead,
  actions,
  spacing,
}: {
  headingId: string;
  title: string;
  lead?: ReactNode;
  actions: ReactNode;
  spacing: string;
}) {
  return (
    <section aria-labelledby={headingId} className={`bg-slate-50 ${spacing} dark:bg-slate-900/60`}>
      <div className="container-page text-center">
        <h2 id={headingId} className="text-3xl font-bold text-slate-900 dark:text-white">
          {title}
        </h2>
        {lead && (
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            {lead}
          </p>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </section>
  );
}

/** The dark gradient band that closes a marketing page: h2, lead and buttons. */
export function ClosingCta(
  props: {
    headingId?: string;
    title: string;
    lead: ReactNode;
    actions: ReactNode;
  } & Layout,
) {
  const { headingId = "cta-heading", title, lead, actions } = props;
  const heading = (
    <h2 id={headingId} className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
      {title}
    </h2>
  );
  const band = "bg-gradient-to-br from-brand-800 via-brand-900 to-slate-950 py-20 sm:py-24";

  if (props.layout === "center") {
    return (
      <section aria-labelledby={headingId} className={band}>
        <div className="container-page max-w-4xl text-center">
          {heading}
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{lead}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
          {props.links && (
            <div className="mt-8 flex flex-wrap justify-center gap-x-8 gap-y-3">
              {props.links.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className="inline-flex items-center gap-1.5 font-semibold text-white hover:underline"
                >
                  {link.label} <Icon name="arrow-right" className="size-4" />
                </Link>
              ))}
            </div>
          )}
        </div>
      </section>
    );
  }

  if (props.layout === "row") {
    return (
      <section aria-labelledby={headingId} className={band}>
        <div className="container-page flex flex-col items-start gap-8 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            {heading}
            <p className="mt-4 text-lg text-brand-100">{lead}</p>
          </div>
          <div className="flex flex-wrap gap-3">{actions}</div>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className={`relative isolate overflow-hidden ${band}`}>
      <div className="container-page grid items-center gap-10 lg:grid-cols-2">
        <div>
          {heading}
          <p className="mt-4 text-lg text-brand-100">{lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">{actions}</div>
        </div>
        {props.aside}
      </div>
    </section>
  );
}

/** One contact line (phone, e-mail, address) on a translucent tile, for a split ClosingCta. */
export function CtaContactTile({
  icon,
  href,
  children,
}: {
  icon: ReactNode;
  href?: string;
  children: ReactNode;
}) {
  if (!href) {
    return (
      <p className="flex items-center gap-3 rounded-xl bg-white/10 p-4">
        {icon}
        {children}
      </p>
    );
  }
  return (
    <a href={href} className="flex items-center gap-3 rounded-xl bg-white/10 p-4 hover:bg-white/15">
      {icon}
      {children}
    </a>
  );
}
