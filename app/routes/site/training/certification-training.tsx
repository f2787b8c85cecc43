import { Link } from "react-router";
import { PageHeader } from "#app/components/marketing/page-hero.tsx";
import { withSeo } from "#app/components/seo.ts";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { listCourses } from "#app/domain/training/courses.server.ts";
import { COMING_SOON, formatPrice } from "#app/domain/training/training.ts";
import { appContext } from "#app/platform/context.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/certification-training";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

export async function loader({ context }: Route.LoaderArgs) {
  const courses = await listCourses(context.get(appContext).db, "certification");
  const groups: { vendor: string; id: string; courses: typeof courses }[] = [];
  for (const course of courses) {
    const group = groups.find((g) => g.vendor === course.vendorGroup);
    if (group) group.courses.push(course);
    else {
      const id = course.vendorGroup.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      groups.push({ vendor: course.vendorGroup, id, courses: [course] });
    }
  }
  return { groups };
}

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Certification Training Programs | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Instructor-led Cisco, Fortinet, CompTIA and ISACA certification courses in Alabama: CCNA, CCNP, CyberOps, NSE 4, NSE 7, Security+ and CISA, with hands-on labs.",
    },
  ]);

const environment: { icon: IconName; text: string }[] = [
  { icon: "server", text: "Racks of Cisco routers and switches for real configuration work" },
  { icon: "shield-check", text: "Fortinet FortiGate firewalls for security labs" },
  { icon: "flask-conical", text: "Virtual labs you can reach between classes" },
];

export default function CertificationTraining({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <PageHeader
        eyebrow="Instructor-led in Alabama and live online"
        title="Certification Training Programs"
        lead="Advance your career with industry-recognized certifications"
      />

      <section aria-labelledby="environment-heading" className="py-12">
        <div className="container-page">
          <div className="relative overflow-hidden rounded-3xl bg-slate-900 text-white">
            <img
              src="/images/hero/training.webp"
              alt=""
              width={1600}
              height={900}
              decoding="async"
              className="absolute inset-0 size-full object-cover opacity-60"
            />
            <div className="relative p-8 sm:p-12">
              <h2 id="environment-heading" className="text-2xl font-bold sm:text-3xl">
                Enterprise-Grade Training Environment
              </h2>
              <p className="mt-3 max-w-2xl text-lg text-slate-100">
                Train hands-on with the Cisco networking and Fortinet security equipment you will
                meet on the job.
              </p>
              <ul className="mt-6 grid gap-4 sm:grid-cols-3">
                {environment.map(({ icon, text }) => (
                  <li key={text} className="flex gap-3 text-slate-100">
                    <Icon name={icon} className="mt-0.5 size-5 shrink-0 text-accent-400" />
                    {text}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      {loaderData.groups.map((group) => (
        <section
          key={group.vendor}
          aria-labelledby={`vendor-${group.id}`}
          className="pb-12 sm:pb-16"
        >
          <div className="container-page">
            <h2
              id={`vendor-${group.id}`}
              className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white"
            >
              {group.vendor}
            </h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {group.courses.map((course) => (
                <li
                  key={course.slug}
                  className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex items-start gap-3">
                    <Icon
                      name="award"
                      className="mt-1 size-6 shrink-0 text-brand-600 dark:text-brand-300"
                    />
                    <h3 className="text-xl font-semibold text-slate-900 dark:text-white">
                      {course.title}
                    </h3>
                  </div>
                  <p className="mt-3 text-slate-600 dark:text-slate-300">{course.description}</p>
                  <ul className="mt-4 space-y-1.5 text-sm text-slate-700 dark:text-slate-300">
                    {course.topics.slice(0, 4).map((topic) => (
                      <li key={topic} className="flex gap-2">
                        <span
                          aria-hidden="true"
                          className="mt-2 size-1.5 shrink-0 rounded-full bg-accent-500"
                        />
                        {topic}
                      </li>
                    ))}
                  </ul>
                  <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
                    <div>
                      <dt className="text-slate-600 dark:text-slate-400">Duration</dt>
                      <dd className="flex items-center gap-1.5 font-semibold text-slate-900 dark:text-white">
                        <Icon name="clock" className="size-4" /> {course.duration}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-600 dark:text-slate-400">Price</dt>
                      <dd className="text-lg font-bold text-slate-900 dark:text-white">
                        {formatPrice(course.priceCents)}
                      </dd>
                    </div>
                    <div className="col-span-2">
                      <dt className="text-slate-600 dark:text-slate-400">Prerequisites</dt>
                      <dd className="text-slate-800 dark:text-slate-200">
                        {course.prerequisites.join("; ")}
                      </dd>
                    </div>
                  </dl>
                  <div className="mt-auto pt-6">
                    {course.status === "active" ? (
                      <Link
                        to={`/certification-training/${course.slug}`}
                        className="btn-primary"
                        aria-label={`View Details: ${course.title}`}
                      >
                        {"View Details "}
                        <Icon name="arrow-right" className="size-4" />
                      </Link>
                    ) : (
                      // No page yet: the card answers with the spec's alert, with or without script.
                      <details>
                        <summary className="btn-secondary cursor-pointer">
                          View Details <span className="sr-only">: {course.title}</span>
                        </summary>
                        <p
                          role="alert"
                          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
                        >
                          {COMING_SOON}
                        </p>
                      </details>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}
    </main>
  );
}
