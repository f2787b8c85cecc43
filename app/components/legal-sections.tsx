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
