import { Link } from "react-router";
import { PageHeader } from "#app/components/marketing/page-hero.tsx";
import { withSeo } from "#app/components/seo.ts";
import { CourseImage } from "#app/components/training/course-image.tsx";
import { IconFact } from "#app/components/ui/icon-fact.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { coursePath } from "#app/domain/training/course-detail.server.ts";
import { listCourses } from "#app/domain/training/courses.server.ts";
import { formatPrice } from "#app/domain/training/training.ts";
import { appContext } from "#app/platform/context.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/ai-training";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

export async function loader({ context }: Route.LoaderArgs) {
  const courses = await listCourses(context.get(appContext).db, "ai");
  return { courses: courses.map((c) => ({ ...c, path: coursePath(c) })) };
}

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "AI Training Courses | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "One-day, hands-on AI courses in Alabama for professionals, power users and leaders: AI Fundamentals, Advanced AI Applications and Enterprise AI Strategy. $495, Fridays or Saturdays.",
    },
  ]);

export default function AiTraining({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <PageHeader
        eyebrow="One-day courses"
        title="AI Training"
        lead="Practical, hands-on artificial intelligence training for your team: one day, Friday or Saturday, 9 AM to 5 PM."
      />
      <section aria-label="AI courses" className="py-14 sm:py-20">
        <ul className="container-page grid gap-8 lg:grid-cols-3">
          {loaderData.courses.map((course, index) => (
            <li
              key={course.slug}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <CourseImage src={course.image} className="aspect-video w-full" eager={index === 0} />
              <div className="flex flex-1 flex-col p-6">
                <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
                  {course.title}
                </h2>
                <p className="mt-3 text-slate-600 dark:text-slate-300">{course.description}</p>
                <dl className="mt-5 space-y-2 text-sm text-slate-700 dark:text-slate-300">
                  <div className="flex items-center gap-2">
                    <dt className="sr-only">Price</dt>
                    <dd className="text-lg font-bold text-slate-900 dark:text-white">
                      {formatPrice(course.priceCents)}
                    </dd>
                  </div>
                  <IconFact icon="clock" term="Duration">
                    {course.duration}
                  </IconFact>
                  <IconFact icon="calendar-days" term="Schedule">
                    Friday or Saturday, 9 AM to 5 PM
                  </IconFact>
                </dl>
                <h3 className="mt-5 text-sm font-semibold text-slate-900 dark:text-white">
                  Topics
                </h3>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                  {course.topics.map((topic) => (
                    <li key={topic}>{topic}</li>
                  ))}
                </ul>
                <h3 className="mt-5 text-sm font-semibold text-slate-900 dark:text-white">
                  Prerequisites
                </h3>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                  {course.prerequisites.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                <div className="mt-auto pt-6">
                  <Link to={course.path} className="btn-primary">
                    Learn More<span className="sr-only"> about {course.title}</span>
                    <Icon name="arrow-right" className="size-4" />
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
