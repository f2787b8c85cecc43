import { publicPaths } from "#app/domain/content/public-pages.ts";
import { listPortfolioProjects } from "#app/domain/portfolio/portfolio.server.ts";
import { coursePath } from "#app/domain/training/course-detail.server.ts";
import { listCourses } from "#app/domain/training/courses.server.ts";
import { appContext } from "#app/platform/context.ts";
import type { Route } from "./+types/sitemap";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const projects = await listPortfolioProjects(db);
  const courses = [
    ...(await listCourses(db, "certification")),
    ...(await listCourses(db, "ai")),
  ].filter((c) => c.status === "active");
  const paths = [
    ...publicPaths,
    ...courses.map(coursePath),
    ...projects.map((p) => `/portfolio/${p.project_id}`),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(env.SITE_URL + path)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
