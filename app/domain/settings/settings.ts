// Brand settings as pages use them. No zod here: this module reaches the browser bundle.
import type { SiteSettings } from "./settings.schema.ts";

export type { SiteSettings };

/**
 * The company is in Alabama. (Here, not in clock.ts, so that the site's shell, which reads the
 * settings, does not carry the formats and the zone list.)
 */
export const DEFAULT_TIME_ZONE = "America/Chicago";

/** What a page shows if a setting is missing or unreadable. */
export const fallbackSettings: SiteSettings = {
  siteName: "Sigma Technology Partners",
  tagline: "IT services, cybersecurity, AI solutions and certification training in Alabama",
  phone: "(205) 555-0142",
  email: "info@example.com",
  address: {
    street: "2100 Example Parkway, Suite 300",
    city: "Birmingham",
    region: "AL",
    postalCode: "35203",
  },
  socialLinks: [],
  logoUrl: "",
  timeZone: DEFAULT_TIME_ZONE,
};

/** The brand fields under their stored keys (the Settings form's names, a version's data). */
export function brandFields(s: SiteSettings) {
  return {
    site_name: s.siteName,
    tagline: s.tagline,
    phone: s.phone,
    email: s.email,
    address: s.address,
    social_links: s.socialLinks,
  };
}

/** What "Add social link" appends on the Settings screen. */
export const BLANK_SOCIAL_LINK = { label: "", url: "" };

export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("+") ? digits : `+1${digits}`}`;
}

export function formatAddress(a: SiteSettings["address"]): string {
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
}
