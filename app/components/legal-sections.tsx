import type { ReactNode } from "react";
import { formatAddress, type SiteSettings, telHref } from "#app/domain/settings/settings.ts";

/** A section of a legal text (privacy policy, terms): paragraphs and bullet lists. */
export interface LegalSection {
  id: string;
  heading: string;
  blocks: ({ p: string } | { ul: string[] })[];
}

export function LegalSections({ sections }: { sections: LegalSection[] }) {
  return sections.map((section) => (
    <section key={section.id} aria-labelledby={`${section.id}-heading`} className="mt-12">
      <h2
        id={`${section.id}-heading`}
        className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white"
      >
        {section.heading}
      </h2>
      {section.blocks.map((block) =>
        "p" in block ? (
          <p key={block.p.slice(0, 48)} className="mt-4">
            {block.p}
          </p>
        ) : (
          <ul
            key={block.ul[0]?.slice(0, 48)}
            className="mt-4 list-disc space-y-2 pl-6 marker:text-brand-500"
          >
            {block.ul.map((item) => (
              <li key={item.slice(0, 48)}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </section>
  ));
}

export const legalLinkClass =
  "font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300";

/**
 * A legal page (privacy policy, terms): hero with the revision date, an introduction, the
 * numbered or plain sections and a closing contact block with the company's address.
 */
export function LegalPage({
  title,
  intro,
  sections,
  contactHeading,
  contactIntro,
  addressee,
  settings,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  contactHeading: string;
  contactIntro: string;
  /** The first line of the address block. */
  addressee: string;
  settings: SiteSettings;
}) {
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-16 text-white sm:py-20">
        <div className="container-page">
          <div className="mx-auto max-w-3xl">
            <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Legal</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
            <p className="mt-4 text-brand-100">
              Last updated: <time dateTime="2025-01-01">January 1, 2025</time>
            </p>
          </div>
        </div>
      </section>

      <div className="container-page py-16 sm:py-20">
        <article className="mx-auto max-w-3xl text-lg leading-relaxed text-slate-700 dark:text-slate-300">
          <p>{intro}</p>
          <LegalSections sections={sections} />
          <section aria-labelledby="contact-heading" className="mt-12">
            <h2
              id="contact-heading"
              className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white"
            >
              {contactHeading}
            </h2>
            <p className="mt-4">{contactIntro}</p>
            <address className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-6 not-italic dark:border-slate-800 dark:bg-slate-900">
              <span className="block font-semibold text-slate-900 dark:text-white">
                {addressee}
              </span>
              <span className="block">{formatAddress(settings.address)}</span>
              <span className="mt-2 block">
                E-mail:{" "}
                <a href={`mailto:${settings.email}`} className={legalLinkClass}>
                  {settings.email}
                </a>
              </span>
              <span className="block">
                Phone:{" "}
                <a href={telHref(settings.phone)} className={legalLinkClass}>
                  {settings.phone}
                </a>
              </span>
            </address>
          </section>
        </article>
      </div>
    </main>
  );
}
