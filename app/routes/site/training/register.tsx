import { Link } from "react-router";
import { withSeo } from "#app/components/seo.ts";
import { CourseImage } from "#app/components/training/course-image.tsx";
import { RegistrationWizard } from "#app/components/training/registration-wizard.tsx";
import type { Route } from "./+types/register";

export {
  registrationAction as action,
  registrationLoader as loader,
} from "#app/domain/training/registration-action.server.ts";

export const meta: Route.MetaFunction = (args) =>
  args.loaderData?.found
    ? withSeo(args, [
        { title: `Register for ${args.loaderData.course.title} | Sigma Technology Partners` },
        {
          name: "description",
          content: `Register for ${args.loaderData.course.title}: choose a start date and class schedule. A representative will contact you to finalize payment.`,
        },
      ])
    : [{ title: "Course not found" }, { name: "robots", content: "noindex" }];

export default function Register({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <main
        id="main"
        className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center"
      >
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">
          {loaderData.message}
        </h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          This course is not in our catalogue. Please choose one of our programs.
        </p>
        <Link to="/certification-training" className="btn-primary mt-8">
          Browse Certification Training
        </Link>
      </main>
    );
  }
  const { course, catalogue, startDates, preselectedStartDate } = loaderData;
  return (
    <main id="main" className="bg-slate-50 py-10 sm:py-16 dark:bg-slate-950">
      <div className="container-page grid grid-cols-1 gap-10 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Register for {course.title}
          </h1>
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
            Complete your registration for the certification program
          </p>
          <CourseImage
            src={course.image}
            eager
            className="mt-6 aspect-video w-full rounded-2xl shadow-sm"
          />
          <p className="mt-4 text-slate-600 dark:text-slate-300">{course.description}</p>
        </div>
        <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3 dark:border-slate-800 dark:bg-slate-900">
          <RegistrationWizard
            catalogue={catalogue}
            initial={{
              values: { certificationInterest: course.slug, startDate: preselectedStartDate },
              selection: {
                course: {
                  slug: course.slug,
                  title: course.title,
                  duration: course.duration,
                  priceCents: course.priceCents,
                },
                startDates,
              },
            }}
          />
        </div>
      </div>
    </main>
  );
}
