import type { ReactNode } from "react";
import { Link } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import {
  CardLinkArrow,
  cardLinkClass,
  FeatureCard,
  PointCards,
} from "#app/components/marketing/cards.tsx";
import { ClosingCta, CtaContactTile } from "#app/components/marketing/closing-cta.tsx";
import { ConsultationLink } from "#app/components/marketing/consultation-link.tsx";
import { lightButtonClass } from "#app/components/marketing/page-hero.tsx";
import { QuoteCredit } from "#app/components/marketing/quote-credit.tsx";
import { PageSection, SectionHeading } from "#app/components/marketing/section.tsx";
import { ProjectImage } from "#app/components/portfolio/project-visuals.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import type { HomepageContent, PortfolioSectionView } from "#app/domain/content/content.schema.ts";

import { formatAddress, type SiteSettings, telHref } from "#app/domain/settings/settings.ts";

type Section<K extends keyof HomepageContent> = NonNullable<HomepageContent[K]>;

const icons: Record<string, IconName> = {
  sparkles: "sparkles",
  bot: "bot",
  "graduation-cap": "graduation-cap",
  shield: "shield-check",
  network: "network",
  cloud: "cloud",
  code: "code-xml",
};

/** A band of the homepage: its heading and introduction as stored, above its list of cards. */
function HomeBand({
  id,
  section,
  muted,
  list,
  after,
  children,
}: {
  id: string;
  section: { heading: string; subheading?: string };
  muted?: boolean;
  /** The list's grid. */
  list: string;
  /** What follows the list (a link to all of them). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageSection labelledBy={id} muted={muted}>
      <SectionHeading id={id} title={section.heading} intro={section.subheading} />
      <ul className={list}>{children}</ul>
      {after}
    </PageSection>
  );
}

export function ServicesSection({ section }: { section: Section<"services"> }) {
  return (
    <HomeBand id="services-heading" section={section} list="mt-14 grid gap-6 md:grid-cols-3">
      {section.services.map((service) => (
        <FeatureCard
          key={service.title}
          icon={icons[service.icon] ?? "sparkles"}
          title={service.title}
          description={service.description}
          action={
            service.link ? (
              <Link to={service.link} className={cardLinkClass}>
                Learn more<span className="sr-only"> about {service.title}</span>
                <CardLinkArrow />
              </Link>
            ) : (
              <InquiryButton className={cardLinkClass}>
                Start Your AI Design<span className="sr-only"> ({service.title})</span>
                <CardLinkArrow />
              </InquiryButton>
            )
          }
        />
      ))}
    </HomeBand>
  );
}

export function WhyChooseSection({ section }: { section: Section<"about"> }) {
  return (
    <PageSection labelledBy="why-heading" muted containerClassName="grid gap-12 lg:grid-cols-5">
      <SectionHeading
        id="why-heading"
        title={section.heading}
        intro={section.content}
        className="lg:col-span-2"
      >
        {section.image && (
          <img
            src={section.image}
            alt=""
            className="mt-8 rounded-2xl"
            loading="lazy"
            decoding="async"
          />
        )}
        {section.stats.length > 0 && (
          <dl className="mt-10 grid grid-cols-3 gap-4">
            {section.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-slate-600 dark:text-slate-400">{stat.label}</dt>
                <dd className="text-3xl font-bold text-brand-700 dark:text-brand-300">
                  {stat.number}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </SectionHeading>
      <PointCards
        points={section.points}
        icon="circle-check"
        className="grid gap-6 sm:grid-cols-2 lg:col-span-3"
      />
    </PageSection>
  );
}

export function RecentProjectsSection({ section }: { section: PortfolioSectionView }) {
  return (
    <HomeBand
      id="projects-heading"
      section={section}
      list="mt-14 grid gap-8 md:grid-cols-2 lg:grid-cols-3"
      after={
        <div className="mt-12 text-center">
          <Link to="/portfolio" className="btn-secondary">
            View All Projects
            <Icon name="arrow-right" className="size-4" />
          </Link>
        </div>
      }
    >
      {section.projects.map((project) => (
        <li
          key={project.id}
          className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <ProjectImage src={project.image} className="aspect-[16/10] w-full" />
          <div className="flex flex-1 flex-col p-6">
            {project.category && (
              <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
                {project.category}
              </p>
            )}
            <h3 className="mt-2 text-xl font-semibold text-slate-900 dark:text-white">
              {project.title}
            </h3>
            {project.client && (
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{project.client}</p>
            )}
            <p className="mt-3 flex-1 text-slate-600 dark:text-slate-300">{project.description}</p>
            <Link
              to={`/portfolio/${project.id}`}
              className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              View Details<span className="sr-only"> about {project.title}</span>
              <Icon name="arrow-right" className="size-4" />
            </Link>
          </div>
        </li>
      ))}
    </HomeBand>
  );
}

export function TestimonialsSection({ section }: { section: Section<"testimonials"> }) {
  if (section.testimonials.length === 0) return null;
  return (
    <HomeBand
      id="testimonials-heading"
      section={{ heading: section.heading }}
      muted
      list="mt-14 grid gap-8 md:grid-cols-2"
    >
      {section.testimonials.map((t) => (
        <li key={`${t.author}-${t.company}`}>
          <figure className="h-full rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
            <Icon name="quote" className="size-8 text-brand-300 dark:text-brand-700" />
            <blockquote className="mt-4 text-lg text-slate-700 dark:text-slate-200">
              {t.content}
            </blockquote>
            <QuoteCredit testimonial={t} className="mt-6 text-sm" />
          </figure>
        </li>
      ))}
    </HomeBand>
  );
}

export function ClosingCallToAction({
  section,
  settings,
}: {
  section: Section<"contact">;
  settings: SiteSettings;
}) {
  const tileIcon = "size-5 shrink-0 text-accent-400";
  return (
    <ClosingCta
      layout="split"
      title={section.heading}
      lead={section.subheading}
      actions={
        <>
          <InquiryButton className={lightButtonClass}>Start Your AI Design</InquiryButton>
          <ConsultationLink className="btn-on-dark">Get a Free Consultation</ConsultationLink>
        </>
      }
      aside={
        <address className="grid gap-4 text-white not-italic sm:grid-cols-3 lg:grid-cols-1">
          <CtaContactTile
            href={telHref(settings.phone)}
            icon={<Icon name="phone" className={tileIcon} />}
          >
            <span>{settings.phone}</span>
          </CtaContactTile>
          <CtaContactTile
            href={`mailto:${settings.email}`}
            icon={<Icon name="mail" className={tileIcon} />}
          >
            <span className="break-all">{settings.email}</span>
          </CtaContactTile>
          <CtaContactTile icon={<Icon name="map-pin" className={tileIcon} />}>
            <span>{formatAddress(settings.address)}</span>
          </CtaContactTile>
        </address>
      }
    />
  );
}
