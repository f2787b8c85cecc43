import type { SettingKey } from "./settings.schema.ts";
import { DEFAULT_TIME_ZONE } from "./settings.ts";

/** Placeholder brand details (a 555 number, example.com addresses) until an admin sets real ones. */
export const seedSettings: Record<SettingKey, unknown> = {
  site_name: "Sigma Technology Partners",
  tagline: "IT services, cybersecurity, AI solutions and certification training in Alabama",
  phone: "(205) 555-0142",
  email: "info@example.com",
  address: {
    street: "2100 Example Parkway, Suite 300",
    city: "Birmingham",
    region: "AL",
    postalCode: "35203",
  },
  social_links: [
    { label: "LinkedIn", url: "https://www.linkedin.com/company/example" },
    { label: "Facebook", url: "https://www.facebook.com/example" },
    { label: "X", url: "https://x.com/example" },
    { label: "YouTube", url: "https://www.youtube.com/@example" },
  ],
  logo_url: "",
  time_zone: DEFAULT_TIME_ZONE,
};
