import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    // Everything unmatched renders the site's 404 page with status 404.
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
