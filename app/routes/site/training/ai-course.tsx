import { data } from "react-router";
import { CourseDetailView, courseMeta } from "#app/components/training/course-detail.tsx";
import { coursePage } from "#app/domain/training/course-detail.server.ts";
import { appContext } from "#app/platform/context.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/ai-course";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

// The no-dates section's inquiry form posts here without JavaScript.
export { inquiryAction as action } from "#app/web/inquiry.server.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const page = /^[a-z0-9-]+$/.test(params.level)
    ? await coursePage(
        context.get(appContext),
        `ai-${params.level}`,
        new URL(request.url).searchParams.get("month") ?? "",
      )
    : null;
  if (page?.detail.course.kind !== "ai") throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = (args) => courseMeta(args, "AI Training");

export default function AiCourse({ loaderData }: Route.ComponentProps) {
  return (
    <CourseDetailView
      detail={loaderData.detail}
      parent={{ name: "AI Training", path: "/ai-training" }}
    />
  );
}
