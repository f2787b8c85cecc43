// What a service page's consultation is about: its inquiry type and the service it names, a
// content fact decided at the edge (the pipeline stores what it is given, decision 0012).
// DESIGN.md overrides the spec's fixed "support": each page files under its own type.
import { serviceDetails } from "#app/domain/content/services.ts";
import {
  AI_DESIGN_INQUIRY_TYPE,
  AI_WEB_DESIGN_SERVICE,
  type InquiryType,
} from "#app/domain/leads/leads.ts";

const SERVICE_TYPES: ReadonlyMap<string, InquiryType> = new Map([
  ...serviceDetails.map((s) => [s.title, "support"] as const),
  [AI_WEB_DESIGN_SERVICE, AI_DESIGN_INQUIRY_TYPE],
]);

/** The inquiry type of a service the site offers, or undefined for a name it does not list. */
export const serviceInquiryType = (service: string): InquiryType | undefined =>
  SERVICE_TYPES.get(service);
