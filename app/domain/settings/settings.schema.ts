import { z } from "zod";
import "#app/platform/validation.ts"; // zod set up for the browser (no code generation)
import { isTimeZone } from "./clock.ts";

export const addressSchema = z.object({
  street: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  region: z.string().trim().min(2).max(50),
  postalCode: z.string().trim().min(3).max(20),
});

export const socialLinkSchema = z.object({
  label: z.string().trim().min(1).max(50),
  url: z.url({ protocol: /^https?$/ }).max(2048),
});

/** The company's time zone: an IANA zone this runtime knows ("America/Chicago"). */
export const timeZoneSchema = z
  .string({ error: "Choose the company's time zone from the list." })
  .trim()
  .refine(isTimeZone, {
    error: "Choose the company's time zone from the list (an IANA zone such as America/Chicago).",
  });

/** One schema per settings key; the key names are the columns of site_settings.key. */
export const settingSchemas = {
  site_name: z.string().trim().min(1).max(100),
  tagline: z.string().trim().max(200),
  phone: z.string().trim().min(7).max(40),
  email: z.email().max(254),
  address: addressSchema,
  social_links: z.array(socialLinkSchema).max(10),
  logo_url: z.string().max(2048),
  time_zone: timeZoneSchema,
} as const;

export type SettingKey = keyof typeof settingSchemas;

/** The field of SiteSettings that each stored key fills. */
export const settingFields = {
  siteName: "site_name",
  tagline: "tagline",
  phone: "phone",
  email: "email",
  address: "address",
  socialLinks: "social_links",
  logoUrl: "logo_url",
  timeZone: "time_zone",
} as const satisfies Record<string, SettingKey>;

export type SiteSettings = {
  [F in keyof typeof settingFields]: z.infer<(typeof settingSchemas)[(typeof settingFields)[F]]>;
};
