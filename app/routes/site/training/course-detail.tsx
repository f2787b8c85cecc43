import { data, redirect } from "react-router";
import { withSeo } from "#app/components/seo.ts";
import { CourseDetailView } from "#app/components/training/course-detail.tsx";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import {
  courseDetail,
  courseJsonLd,
  coursePath,
} from "#app/domain/training/course-pages.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/course-detail";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const detail = await courseDetail(db, env, params.slug, request.url);
  if (!detail) throw data(null, { status: 404 });
  // AI courses have their page under /ai-training.
  if (detail.course.kind !== "certification") throw redirect(coursePath(detail.course), 301);
  return {
    detail,
    jsonLd: courseJsonLd(detail, env.SITE_URL, (await getSiteSettings(db)).siteName),
  };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? withSeo(args, [
        { title: `${args.loaderData.detail.course.title} | Certification Training` },
        { name: "description", content: args.loaderData.detail.course.description },
        { "script:ld+json": args.loaderData.jsonLd },
      ])
    : [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];

export default function CertificationCourse({ loaderData }: Route.ComponentProps) {
  return (
    <CourseDetailView
      detail={loaderData.detail}
      parent={{ name: "Certification Training", path: "/certification-training" }}
    />
  );
}
