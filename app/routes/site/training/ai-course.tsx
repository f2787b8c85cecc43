import { data } from "react-router";
import { withSeo } from "#app/components/seo.ts";
import { CourseDetailView } from "#app/components/training/course-detail.tsx";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { courseDetail, courseJsonLd } from "#app/domain/training/course-pages.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/ai-course";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const detail = /^[a-z0-9-]+$/.test(params.level)
    ? await courseDetail(db, env, `ai-${params.level}`, request.url)
    : null;
  if (detail?.course.kind !== "ai") throw data(null, { status: 404 });
  if (!detail) throw data(null, { status: 404 });
  return {
    detail,
    jsonLd: courseJsonLd(detail, env.SITE_URL, (await getSiteSettings(db)).siteName),
  };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? withSeo(args, [
        { title: `${args.loaderData.detail.course.title} | AI Training` },
        { name: "description", content: args.loaderData.detail.course.description },
        { "script:ld+json": args.loaderData.jsonLd },
      ])
    : [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];

export default function AiCourse({ loaderData }: Route.ComponentProps) {
  return (
    <CourseDetailView
      detail={loaderData.detail}
      parent={{ name: "AI Training", path: "/ai-training" }}
    />
  );
}
