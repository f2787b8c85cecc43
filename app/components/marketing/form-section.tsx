import type { ReactNode } from "react";
import { PageSection, SectionHeading } from "#app/components/marketing/section.tsx";

/**
 * The section a page's buttons jump to (#contact, #consultation, #get-started): heading and
 * introduction on the left, the inquiry form in a card on the right. Its h2 is `${id}-heading`.
 */
export function FormSection({
  id,
  title,
  intro,
  form,
  muted,
  compact,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  form: ReactNode;
  muted?: boolean;
  compact?: boolean;
  /** More text under the introduction (a phone number, an address). */
  children?: ReactNode;
}) {
  return (
    <PageSection
      id={id}
      labelledBy={`${id}-heading`}
      muted={muted}
      compact={compact}
      containerClassName="grid gap-12 lg:grid-cols-5"
    >
      <SectionHeading
        id={`${id}-heading`}
        title={title}
        intro={intro}
        compact
        className="lg:col-span-2"
      >
        {children}
      </SectionHeading>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3 dark:border-slate-800 dark:bg-slate-900">
        {form}
      </div>
    </PageSection>
  );
}
