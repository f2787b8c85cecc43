import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("start-your-ai-design", "routes/site/start-your-ai-design.tsx"),
    route("ai-powered-web-design", "routes/site/ai-powered-web-design.tsx"),
    route("sigma-ai", "routes/site/sigma-ai.tsx"),
    route("ai-management-tools", "routes/site/ai-management-tools.tsx"),
    route("ai-marketing", "routes/site/ai-marketing.tsx"),
    route("it-support", "routes/site/it-support.tsx"),
    route("services/web-development", "routes/site/web-development.tsx"),
    route("services/enterprise-cybersecurity", "routes/site/enterprise-cybersecurity.tsx"),
    route("instructor", "routes/site/instructor.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("portal", "routes/site/portal.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("portfolio", "routes/site/portfolio.tsx"),
    route("portfolio/:projectId", "routes/site/portfolio-detail.tsx"),
    route("services/:service", "routes/site/service-detail.tsx"),
    // Everything unmatched renders the site's 404 page with status 404.
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("api/customers/ai-design-inquiry", "routes/api/ai-design-inquiry.ts"),
  route("api/hero-slides", "routes/api/hero-slides.ts"),
  route("api/homepage-content", "routes/api/homepage-content.ts"),
  route("api/portfolio-projects", "routes/api/portfolio-projects.ts"),
  route("api/project-details/:id", "routes/api/project-details.ts"),
  route("api/inquiries/:form", "routes/api/inquiry.ts"),
] satisfies RouteConfig;
