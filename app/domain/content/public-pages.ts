/** Every public page with a fixed address, for the sitemap (pages from the database are added there). */
export const publicPaths = [
  "/",
  "/ai-powered-web-design",
  "/services/network-infrastructure",
  "/services/cloud-services",
  "/services/data-management",
  "/services/end-user-support",
  "/services/managed-services",
  "/start-your-ai-design",
  "/contact",
  "/portfolio",
  "/instructor",
  "/portal",
  "/privacy",
  "/terms",
] as const;
