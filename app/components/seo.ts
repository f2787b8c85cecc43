import type { MetaDescriptor } from "react-router";
import { fallbackSettings, type SiteSettings } from "#app/domain/settings/settings.ts";

interface MetaArgsLike {
  location: { pathname: string };
  matches: ({ id: string; loaderData: unknown } | undefined)[];
}

/** Parents of nested pages, for breadcrumbs. */
const parents: Record<string, { name: string; path: string }> = {
  services: { name: "IT Support", path: "/it-support" },
  portfolio: { name: "Portfolio", path: "/portfolio" },
  "certification-training": { name: "Certification Training", path: "/certification-training" },
  "ai-training": { name: "AI Training", path: "/ai-training" },
};

/** A page search engines should leave out (a sign-in door): `withSeo` and `noindex`. */
export function unlistedSeo(args: MetaArgsLike, descriptors: MetaDescriptor[]): MetaDescriptor[] {
  return [...withSeo(args, descriptors), { name: "robots", content: "noindex" }];
}

/**
 * Adds what every public page needs besides its title and description: the canonical URL, Open
 * Graph and Twitter tags with the default share image, JSON-LD for the business and, on nested
 * pages, a BreadcrumbList.
 */
export function withSeo(args: MetaArgsLike, descriptors: MetaDescriptor[]): MetaDescriptor[] {
  const layout = args.matches.find((m) => m?.id === "routes/site/layout")?.loaderData as
    | { settings?: SiteSettings; siteUrl?: string }
    | undefined;
  const settings = layout?.settings ?? fallbackSettings;
  const siteUrl = layout?.siteUrl ?? "";
  const fields = descriptors as Record<string, unknown>[];
  const title = fields.find((d) => typeof d.title === "string")?.title as string | undefined;
  const description = fields.find((d) => d.name === "description")?.content as string | undefined;
  const url = `${siteUrl}${args.location.pathname}`;
  const image = `${siteUrl}/images/share.png`;

  const business = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: settings.siteName,
    description: settings.tagline,
    url: `${siteUrl}/`,
    telephone: settings.phone,
    email: settings.email,
    image,
    address: {
      "@type": "PostalAddress",
      streetAddress: settings.address.street,
      addressLocality: settings.address.city,
      addressRegion: settings.address.region,
      postalCode: settings.address.postalCode,
      addressCountry: "US",
    },
    sameAs: settings.socialLinks.map((l) => l.url),
  };

  const segments = args.location.pathname.split("/").filter(Boolean);
  const parent = segments.length > 1 ? parents[segments[0] as string] : undefined;
  const pageName = title?.split(" | ")[0] ?? settings.siteName;
  const crumbs = [
    { name: "Home", url: `${siteUrl}/` },
    ...(parent ? [{ name: parent.name, url: `${siteUrl}${parent.path}` }] : []),
    { name: pageName, url },
  ];

  return [
    ...descriptors,
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: settings.siteName },
    ...(title ? [{ property: "og:title", content: title }] : []),
    ...(description ? [{ property: "og:description", content: description }] : []),
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    ...(title ? [{ name: "twitter:title", content: title }] : []),
    ...(description ? [{ name: "twitter:description", content: description }] : []),
    { name: "twitter:image", content: image },
    { "script:ld+json": business },
    ...(segments.length > 1
      ? [
          {
            "script:ld+json": {
              "@context": "https://schema.org",
              "@type": "BreadcrumbList",
              itemListElement: crumbs.map((c, i) => ({
                "@type": "ListItem",
                position: i + 1,
                name: c.name,
                item: c.url,
              })),
            },
          },
        ]
      : []),
  ];
}
