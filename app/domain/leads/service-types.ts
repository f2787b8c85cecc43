// What a service page's consultation is about: its inquiry type and the service it names.
// DESIGN.md overrides the spec's fixed "support": each page files under its own type.
import { serviceDetails } from "../content/services.ts";
import { AI_DESIGN_INQUIRY_TYPE, AI_WEB_DESIGN_SERVICE, type InquiryType } from "./leads.ts";

const SERVICE_TYPES: ReadonlyMap<string, InquiryType> = new Map([
  ...serviceDetails.map((s) => [s.title, "support"] as const),
  [AI_WEB_DESIGN_SERVICE, AI_DESIGN_INQUIRY_TYPE],
]);

/** The inquiry type of a service the site offers, or undefined for a name it does not list. */
export const serviceInquiryType = (service: string): InquiryType | undefined =>
  SERVICE_TYPES.get(service);

export { AI_DESIGN_INQUIRY_TYPE };
