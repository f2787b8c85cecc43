import { data, redirect } from "react-router";
import { CourseDetailView, courseMeta } from "#app/components/training/course-detail.tsx";
import { coursePage, coursePath } from "#app/domain/training/course-detail.server.ts";
import { appContext } from "#app/platform/context.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/course-detail";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

// The no-dates section's inquiry form posts here without JavaScript.
export { inquiryAction as action } from "#app/web/inquiry.server.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const page = await coursePage(
    context.get(appContext),
    params.slug,
    new URL(request.url).searchParams.get("month") ?? "",
  );
  if (!page) throw data(null, { status: 404 });
  // AI courses have their page under /ai-training.
  if (page.detail.course.kind !== "certification") {
    throw redirect(coursePath(page.detail.course), 301);
  }
  return page;
}

export const meta: Route.MetaFunction = (args) => courseMeta(args, "Certification Training");

export default function CertificationCourse({ loaderData }: Route.ComponentProps) {
  return (
    <CourseDetailView
      detail={loaderData.detail}
      parent={{ name: "Certification Training", path: "/certification-training" }}
    />
  );
}
