import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("start-your-ai-design", "routes/site/start-your-ai-design.tsx"),
    route("ai-powered-web-design", "routes/site/ai-powered-web-design.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("services/:service", "routes/site/service-detail.tsx"),
    // Everything unmatched renders the site's 404 page with status 404.
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("api/customers/ai-design-inquiry", "routes/api/ai-design-inquiry.ts"),
  route("api/inquiries/:form", "routes/api/inquiry.ts"),
] satisfies RouteConfig;
