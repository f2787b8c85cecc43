// The company as calendar files and e-mails name it, for tests that build them without the
// database's settings.
import type { MailBrand } from "#app/domain/mail/brand.server.ts";

export const TEST_BRAND: MailBrand = {
  siteName: "Sigma Technology Partners",
  phone: "(205) 555-0100",
  email: "info@example.com",
  address: "2100 Example Parkway, Birmingham, AL 35203",
  siteUrl: "https://www.example.com",
  logo: null,
  timeZone: "America/Chicago",
};
