import {
  ArrowRight,
  Bot,
  CheckCircle2,
  Cloud,
  Code2,
  GraduationCap,
  Mail,
  MapPin,
  Network,
  Phone,
  Quote,
  ShieldCheck,
  Sparkles,
} from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";
import { InquiryButton } from "#app/components/inquiry/inquiry-modal.tsx";
import type { HomepageContent, PortfolioSectionView } from "#app/domain/content/content.schema.ts";
import { formatAddress, type SiteSettings, telHref } from "#app/domain/settings/settings.ts";

type Section<K extends keyof HomepageContent> = NonNullable<HomepageContent[K]>;

const icons: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  sparkles: Sparkles,
  bot: Bot,
  "graduation-cap": GraduationCap,
  shield: ShieldCheck,
  network: Network,
  cloud: Cloud,
  code: Code2,
};

const cardLinkClass =
  "mt-6 inline-flex items-center gap-1.5 font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-2xl hover:underline dark:text-brand-300";

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <h2
        id={id}
        className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
      >
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{intro}</p>}
    </div>
  );
}

export function ServicesSection({ section }: { section: Section<"services"> }) {
  return (
    <section aria-labelledby="services-heading" className="py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading id="services-heading" title={section.heading} intro={section.subheading} />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {section.services.map((service) => {
            const Icon = icons[service.icon] ?? Sparkles;
            return (
              <li
                key={service.title}
                className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm transition hover:-translate-y-1 hover:shadow-lg dark:border-slate-800 dark:bg-slate-900"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-6 text-xl font-semibold text-slate-900 dark:text-white">
                  {service.title}
                </h3>
                <p className="mt-3 flex-1 text-slate-600 dark:text-slate-300">
                  {service.description}
                </p>
                {service.link ? (
                  <Link to={service.link} className={cardLinkClass}>
                    Learn more<span className="sr-only"> about {service.title}</span>
                    <ArrowRight
                      className="size-4 transition group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </Link>
                ) : (
                  <InquiryButton className={cardLinkClass}>
                    Start Your AI Design<span className="sr-only"> ({service.title})</span>
                    <ArrowRight
                      className="size-4 transition group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </InquiryButton>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function WhyChooseSection({ section }: { section: Section<"about"> }) {
  return (
    <section
      aria-labelledby="why-heading"
      className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/60"
    >
      <div className="container-page grid gap-12 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <h2
            id="why-heading"
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
          >
            {section.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{section.content}</p>
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
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-3">
          {section.points.map((point) => (
            <li
              key={point.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <CheckCircle2
                className="size-6 text-accent-600 dark:text-accent-400"
                aria-hidden="true"
              />
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                {point.title}
              </h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{point.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function RecentProjectsSection({ section }: { section: PortfolioSectionView }) {
  return (
    <section aria-labelledby="projects-heading" className="py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading id="projects-heading" title={section.heading} intro={section.subheading} />
        <ul className="mt-14 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {section.projects.map((project) => (
            <li
              key={project.id}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <ProjectImage src={project.image} />
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
                  <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                    {project.client}
                  </p>
                )}
                <p className="mt-3 flex-1 text-slate-600 dark:text-slate-300">
                  {project.description}
                </p>
                <Link
                  to={`/portfolio/${project.id}`}
                  className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline dark:text-brand-300"
                >
                  View Details<span className="sr-only"> about {project.title}</span>
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <Link to="/portfolio" className="btn-secondary">
            View All Projects
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}

function ProjectImage({ src }: { src: string }) {
  if (!src) {
    return (
      <div
        className="aspect-[16/10] bg-gradient-to-br from-brand-600 to-accent-500"
        aria-hidden="true"
      />
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={800}
      height={500}
      className="aspect-[16/10] w-full object-cover"
      loading="lazy"
      decoding="async"
    />
  );
}

export function TestimonialsSection({ section }: { section: Section<"testimonials"> }) {
  if (section.testimonials.length === 0) return null;
  return (
    <section
      aria-labelledby="testimonials-heading"
      className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/60"
    >
      <div className="container-page">
        <SectionHeading id="testimonials-heading" title={section.heading} />
        <ul className="mt-14 grid gap-8 md:grid-cols-2">
          {section.testimonials.map((t) => (
            <li key={`${t.author}-${t.company}`}>
              <figure className="h-full rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
                <Quote className="size-8 text-brand-300 dark:text-brand-700" aria-hidden="true" />
                <blockquote className="mt-4 text-lg text-slate-700 dark:text-slate-200">
                  {t.content}
                </blockquote>
                <figcaption className="mt-6 text-sm">
                  <span className="font-semibold text-slate-900 dark:text-white">{t.author}</span>
                  {(t.position || t.company) && (
                    <span className="text-slate-500 dark:text-slate-400">
                      {" "}
                      · {[t.position, t.company].filter(Boolean).join(", ")}
                    </span>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ClosingCallToAction({
  section,
  settings,
}: {
  section: Section<"contact">;
  settings: SiteSettings;
}) {
  return (
    <section
      aria-labelledby="cta-heading"
      className="relative isolate overflow-hidden bg-gradient-to-br from-brand-800 via-brand-900 to-slate-950 py-20 sm:py-24"
    >
      <div className="container-page grid items-center gap-10 lg:grid-cols-2">
        <div>
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            {section.heading}
          </h2>
          <p className="mt-4 text-lg text-brand-100">{section.subheading}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <InquiryButton className="btn bg-white text-brand-800 hover:bg-brand-50">
              Start Your AI Design
            </InquiryButton>
            <InquiryButton className="btn-on-dark">Get a Free Consultation</InquiryButton>
          </div>
        </div>
        <address className="grid gap-4 text-white not-italic sm:grid-cols-3 lg:grid-cols-1">
          <a
            href={telHref(settings.phone)}
            className="flex items-center gap-3 rounded-xl bg-white/10 p-4 hover:bg-white/15"
          >
            <Phone className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
            <span>{settings.phone}</span>
          </a>
          <a
            href={`mailto:${settings.email}`}
            className="flex items-center gap-3 rounded-xl bg-white/10 p-4 hover:bg-white/15"
          >
            <Mail className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
            <span className="break-all">{settings.email}</span>
          </a>
          <p className="flex items-center gap-3 rounded-xl bg-white/10 p-4">
            <MapPin className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
            <span>{formatAddress(settings.address)}</span>
          </p>
        </address>
      </div>
    </section>
  );
}
