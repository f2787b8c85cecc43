import type { ReactNode } from "react";

/** The white button on the dark gradient bands (hero and closing call to action). */
export const lightButtonClass = "btn bg-white text-brand-800 hover:bg-brand-50";

export interface HeroFigure {
  figure: string;
  label: string;
}

/** Key figures under a hero's text, label after figure in the source but shown below it. */
export function HeroFigures({
  figures,
  className = "mt-14",
}: {
  figures: readonly HeroFigure[];
  /** The space above the list. */
  className?: string;
}) {
  return (
    <dl className={`${className} grid max-w-3xl gap-6 sm:grid-cols-3`}>
      {figures.map((item) => (
        <div key={item.label} className="flex flex-col-reverse">
          <dt className="mt-1 text-sm text-brand-200">{item.label}</dt>
          <dd className="text-3xl font-bold text-white">{item.figure}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The dark gradient hero that opens a marketing page: eyebrow, h1, lead, buttons, figures. */
export function PageHero({
  eyebrow,
  title,
  lead,
  actions,
  figures,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  actions: ReactNode;
  figures?: readonly HeroFigure[];
}) {
  return (
    <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-20 text-white sm:py-24">
      <div className="container-page">
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-brand-100 sm:text-xl">{lead}</p>
        <div className="mt-8 flex flex-wrap gap-3">{actions}</div>
        {figures && <HeroFigures figures={figures} />}
      </div>
    </section>
  );
}

/**
 * The plainer dark header of a catalog page (the training pages): eyebrow, h1 and a lead, no
 * buttons; the page's own content follows at once.
 */
export function PageHeader({
  eyebrow,
  title,
  lead,
}: {
  eyebrow: string;
  title: string;
  lead: string;
}) {
  return (
    <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-16 text-white sm:py-24">
      <div className="container-page">
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-6xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-xl text-brand-100">{lead}</p>
      </div>
    </section>
  );
}
