import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#app/platform/db/client.server.ts";
import { portfolioProjects } from "#app/platform/db/schema.ts";
import {
  type PortfolioProject,
  type ProjectDetails,
  parseProjectId,
  parseResults,
  parseTestimonial,
  publicProjectId,
} from "./portfolio.ts";

export async function listPortfolioProjects(db: Db): Promise<PortfolioProject[]> {
  const rows = await db
    .select()
    .from(portfolioProjects)
    .orderBy(asc(portfolioProjects.sortOrder), asc(portfolioProjects.id));
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
  const [p] = await db.select().from(portfolioProjects).where(eq(portfolioProjects.id, id));
  if (!p) return null;
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

interface HomepageEntry {
  id: string;
  title: string;
  client: string;
  category: string;
  description: string;
  image: string;
}

/**
 * Homepage portfolio entries reference projects by id and show the project record: its title,
 * client, category, description and image win over the stored copy; entries whose project is
 * gone are left out.
 */
export async function withProjectRecords<T extends HomepageEntry>(
  db: Db,
  entries: T[],
): Promise<T[]> {
  const ids = entries.flatMap((e) => {
    const id = parseProjectId(e.id);
    return id ? [id] : [];
  });
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: portfolioProjects.id,
      title: portfolioProjects.title,
      client: portfolioProjects.client,
      category: portfolioProjects.category,
      description: portfolioProjects.description,
      image: portfolioProjects.image,
    })
    .from(portfolioProjects)
    .where(inArray(portfolioProjects.id, ids));
  const byId = new Map(rows.map((r) => [publicProjectId(r.id), r]));
  return entries.flatMap((entry) => {
    const project = byId.get(publicProjectId(parseProjectId(entry.id) ?? 0));
    if (!project) return [];
    const { id: _id, ...fields } = project;
    return [{ ...entry, ...fields }];
  });
}
