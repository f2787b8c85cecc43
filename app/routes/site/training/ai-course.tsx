import { data } from "react-router";
import { CourseDetailView, courseMeta } from "#app/components/training/course-detail.tsx";
import { coursePage } from "#app/domain/training/course-pages.server.ts";
import type { Route } from "./+types/ai-course";

// The no-dates section's inquiry form posts here without JavaScript.
export { inquiryAction as action } from "#app/domain/leads/inquiry-action.server.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const page = /^[a-z0-9-]+$/.test(params.level)
    ? await coursePage(context, `ai-${params.level}`, request.url)
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
