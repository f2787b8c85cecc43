import { asc, eq } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { portfolioProjects } from "#app/platform/db/schema.ts";
import { withPreviewed } from "#app/platform/preview-scope.server.ts";
import {
  type PortfolioProject,
  type ProjectDetails,
  parseResults,
  parseTestimonial,
  publicProjectId,
} from "./portfolio.ts";

export async function listPortfolioProjects(db: Db): Promise<PortfolioProject[]> {
  const rows = withPreviewed(
    "portfolio_project",
    await db
      .select()
      .from(portfolioProjects)
      .orderBy(asc(portfolioProjects.sortOrder), asc(portfolioProjects.id)),
  );
  return rows.map((p) => ({
    id: p.id,
    project_id: publicProjectId(p.id),
    title: p.title,
    description: p.description,
    category: p.category,
    image: p.image,
    technologies: Array.isArray(p.technologies) ? p.technologies.map(String) : [],
    client: p.client,
    projectUrl: p.projectUrl,
  }));
}

export async function getProjectDetails(db: Db, id: number): Promise<ProjectDetails | null> {
  const [row] = await db.select().from(portfolioProjects).where(eq(portfolioProjects.id, id));
  if (!row) return null;
  const p = withPreviewed("portfolio_project", [row])[0] as typeof row;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    image: p.image,
    client: p.client,
    category: p.category,
    clientIndustry: p.clientIndustry,
    clientSize: p.clientSize,
    completedDate: p.completedDate,
    challenge: p.challenge,
    solution: p.solution,
    technologies: Array.isArray(p.technologies) ? p.technologies.map(String) : [],
    timeline: p.timeline,
    teamSize: p.teamSize,
    projectUrl: p.projectUrl,
    results: parseResults(p.results),
    testimonial: parseTestimonial(p.testimonial),
  };
}
