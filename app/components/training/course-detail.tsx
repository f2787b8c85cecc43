import { Link } from "react-router";
import { GeneralInquiryForm } from "#app/components/inquiry/message-forms.tsx";
import { Breadcrumbs } from "#app/components/marketing/breadcrumbs.tsx";
import { withSeo } from "#app/components/seo.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { formatDay } from "#app/domain/settings/clock.ts";
import type { CourseDetail } from "#app/domain/training/course-detail.server.ts";
import { CLASS_SCHEDULES, formatPrice, labelOf } from "#app/domain/training/training.ts";
import { StartDateCalendar } from "./start-date-calendar.tsx";

/** How many upcoming start dates are listed beside the calendar. */
const LISTED_DATES = 8;

/** A course's detail page: overview, topics, prerequisites, details, start dates, outlook. */
export function CourseDetailView({
  detail,
  parent,
}: {
  detail: CourseDetail;
  parent: { name: string; path: string };
}) {
  const { course, startDates, nextStartDate, today, month } = detail;
  const registerHref = `/certification-training/${course.slug}/register`;
  const schedules = course.scheduleOptions.map((s) => labelOf(CLASS_SCHEDULES, s));
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-slate-950 via-brand-950 to-brand-800 py-14 text-white sm:py-20">
        <div className="container-page">
          <Breadcrumbs parents={[parent]} current={course.shortTitle} />
          <p className="mt-8 text-sm font-semibold tracking-widest text-accent-400 uppercase">
            {course.vendorGroup}
          </p>
          <h1 className="mt-2 max-w-4xl text-3xl font-bold tracking-tight sm:text-5xl">
            {course.title}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-brand-100">{course.description}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={registerHref} className="btn bg-white text-brand-800 hover:bg-brand-50">
              Enroll Now
            </Link>
            <a href="#start-dates" className="btn-on-dark">
              <Icon name="calendar-days" className="size-4" /> See Start Dates
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="overview-heading" className="py-14 sm:py-20">
        <div className="container-page grid gap-12 lg:grid-cols-3">
          <div className="space-y-12 lg:col-span-2">
            <div>
              <h2
                id="overview-heading"
                className="text-3xl font-bold text-slate-900 dark:text-white"
              >
                Course Overview
              </h2>
              {course.overview.map((paragraph) => (
                <p
                  key={paragraph.slice(0, 40)}
                  className="mt-4 text-lg text-slate-600 dark:text-slate-300"
                >
                  {paragraph}
                </p>
              ))}
            </div>
            <div>
              <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Key Topics</h2>
              <ul className="mt-5 grid gap-3 sm:grid-cols-2">
                {course.topics.map((topic) => (
                  <li key={topic} className="flex gap-3 text-slate-700 dark:text-slate-200">
                    <Icon
                      name="check"
                      className="mt-0.5 size-5 shrink-0 text-accent-600 dark:text-accent-400"
                    />
                    {topic}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Prerequisites</h2>
              <ul className="mt-5 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-200">
                {course.prerequisites.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          </div>
          <aside
            aria-labelledby="details-heading"
            className="h-fit rounded-2xl border border-brand-200 bg-brand-50 p-6 dark:border-brand-900 dark:bg-brand-950/60"
          >
            <h2
              id="details-heading"
              className="text-xl font-semibold text-slate-900 dark:text-white"
            >
              Course Details
            </h2>
            <dl className="mt-5 space-y-5 text-slate-700 dark:text-slate-200">
              <div>
                <dt className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                  <Icon name="clock" className="size-4" /> Duration
                </dt>
                <dd className="mt-1">{course.duration}</dd>
              </div>
              <div>
                <dt className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                  <Icon name="calendar-days" className="size-4" /> Schedule
                </dt>
                {schedules.map((s) => (
                  <dd key={s} className="mt-1">
                    {s}
                  </dd>
                ))}
              </div>
              <div>
                <dt className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                  <Icon name="dollar-sign" className="size-4" /> Price
                </dt>
                <dd
                  className="mt-1 text-2xl font-bold text-slate-900 dark:text-white"
                  data-testid="course-price"
                >
                  {formatPrice(course.priceCents)}
                </dd>
                {course.inclusions.length > 0 && (
                  <dd className="mt-2">
                    <span className="text-sm">Includes:</span>
                    <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                      {course.inclusions.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  </dd>
                )}
              </div>
              <div>
                <dt className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                  <Icon name="calendar-days" className="size-4" /> Next Start Date
                </dt>
                <dd className="mt-1" data-testid="next-start-date">
                  {nextStartDate ? formatDay(nextStartDate) : "To be announced"}
                </dd>
              </div>
            </dl>
            <Link to={registerHref} className="btn-primary mt-6 w-full">
              Enroll Now
            </Link>
          </aside>
        </div>
      </section>

      <section
        id="start-dates"
        aria-labelledby="start-dates-heading"
        className="scroll-mt-20 bg-slate-50 py-14 sm:py-20 dark:bg-slate-900/60"
      >
        <div className="container-page grid gap-10 lg:grid-cols-2 lg:items-start">
          <div>
            <h2
              id="start-dates-heading"
              className="text-3xl font-bold text-slate-900 dark:text-white"
            >
              Available Start Dates
            </h2>
            {startDates.length > 0 ? (
              <>
                <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
                  Highlighted days are class start dates. Choose one to register with that date, or
                  use the arrow keys to move between them.
                </p>
                <ul className="mt-6 space-y-2 text-slate-700 dark:text-slate-200">
                  {startDates.slice(0, LISTED_DATES).map((d) => (
                    <li key={d.date} className="flex items-center gap-2">
                      <Icon
                        name="calendar-days"
                        className="size-4 text-brand-600 dark:text-brand-300"
                      />
                      <Link
                        to={`${registerHref}?startDate=${d.date}`}
                        className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
                      >
                        {formatDay(d.date)}
                        {d.full && (
                          <span className="ml-1 text-sm font-semibold text-red-700 dark:text-red-400">
                            (Full: join the waitlist)
                          </span>
                        )}
                      </Link>
                    </li>
                  ))}
                </ul>
                {startDates.length > LISTED_DATES && (
                  <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                    {startDates.length - LISTED_DATES} more in the calendar.
                  </p>
                )}
              </>
            ) : (
              <>
                <p
                  className="mt-4 text-lg font-semibold text-slate-900 dark:text-white"
                  data-testid="no-start-dates"
                >
                  New dates are being scheduled.
                </p>
                <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">
                  Send us a note and we will tell you as soon as the next class opens.
                </p>
              </>
            )}
          </div>
          {startDates.length > 0 ? (
            <StartDateCalendar
              key={`${course.slug}-${month}`}
              today={today}
              month={month}
              dates={startDates}
              registerHref={registerHref}
            />
          ) : (
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <GeneralInquiryForm
                defaultType={course.kind === "ai" ? "ai-training" : "training"}
                defaultMessage={`Please tell me when the next ${course.shortTitle} class is scheduled.`}
              />
            </div>
          )}
        </div>
      </section>

      {course.careerOutlook && (
        <section aria-labelledby="outlook-heading" className="py-14 sm:py-20">
          <div className="container-page">
            <h2 id="outlook-heading" className="text-3xl font-bold text-slate-900 dark:text-white">
              Career Outlook in Alabama
            </h2>
            <div className="mt-10 grid gap-10 lg:grid-cols-3">
              <div>
                <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
                  <Icon
                    name="dollar-sign"
                    className="size-5 text-accent-600 dark:text-accent-400"
                  />
                  Average Salaries
                </h3>
                <dl className="mt-4 space-y-3">
                  {course.careerOutlook.salaries.map((s) => (
                    <div
                      key={s.role}
                      className="flex justify-between gap-4 border-b border-slate-200 pb-2 dark:border-slate-800"
                    >
                      <dt className="text-slate-700 dark:text-slate-300">{s.role}</dt>
                      <dd className="font-semibold text-slate-900 dark:text-white">{s.salary}</dd>
                    </div>
                  ))}
                </dl>
              </div>
              <div className="lg:col-span-2">
                <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
                  <Icon name="briefcase" className="size-5 text-accent-600 dark:text-accent-400" />
                  Current Job Openings
                </h3>
                <ul className="mt-4 grid gap-4 md:grid-cols-3">
                  {course.careerOutlook.jobs.map((job) => (
                    <li
                      key={`${job.role}-${job.employer}`}
                      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                    >
                      <p className="font-semibold text-slate-900 dark:text-white">{job.role}</p>
                      <p className="text-sm text-slate-600 dark:text-slate-400">
                        {job.employer}, {job.city}
                      </p>
                      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                        {job.description}
                      </p>
                      <p className="mt-2 text-sm font-semibold text-brand-700 dark:text-brand-300">
                        {job.salaryRange}
                      </p>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <p className="mt-10 flex items-start gap-3 rounded-xl bg-cyan-50 p-4 text-slate-800 dark:bg-slate-900 dark:text-slate-200">
              <Icon
                name="trending-up"
                className="mt-0.5 size-5 shrink-0 text-cyan-800 dark:text-accent-400"
              />
              <span>
                <strong>Industry Growth:</strong> {course.careerOutlook.growth}
              </span>
            </p>
          </div>
        </section>
      )}

      <section className="bg-gradient-to-br from-brand-700 to-brand-900 py-14 text-white">
        <div className="container-page flex flex-col items-start justify-between gap-6 md:flex-row md:items-center">
          <div>
            <h2 className="text-2xl font-bold">Ready to start {course.shortTitle}?</h2>
            <p className="mt-2 text-brand-100">
              {formatPrice(course.priceCents)} · {course.duration}
              {nextStartDate ? ` · next class ${formatDay(nextStartDate)}` : ""}
            </p>
          </div>
          <Link to={registerHref} className="btn bg-white text-brand-800 hover:bg-brand-50">
            Enroll Now
          </Link>
        </div>
      </section>
    </main>
  );
}

/** Title, description and Course JSON-LD of a course page; a 404 when there is no course. */
export function courseMeta(
  args: Parameters<typeof withSeo>[0] & {
    loaderData?: { detail: { course: { title: string; description: string } }; jsonLd: unknown };
  },
  section: string,
) {
  const { loaderData } = args;
  return loaderData
    ? withSeo(args, [
        { title: `${loaderData.detail.course.title} | ${section}` },
        { name: "description", content: loaderData.detail.course.description },
        { "script:ld+json": loaderData.jsonLd },
      ])
    : [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
}
