// The HTML part of an e-mail, rendered once when the message is queued (the outbox stores it
// and delivery sends it as it is). React Email's renderer, and the e-mail components that need
// it, are loaded on the first message rather than at start-up.
import { type ComponentType, createElement } from "react";
import type { MailAttachment } from "#app/platform/mail/outbox.server.ts";
import { logoAttachments, type MailBrand } from "./brand.server.ts";

export interface HtmlParts {
  html: string;
  /** The inline logo the HTML refers to by `cid:`. */
  attachments: MailAttachment[];
}

/** Renders `component` (which draws `brand`'s logo, if any) and returns the parts to queue. */
export async function htmlParts<P extends { brand: MailBrand }>(
  component: ComponentType<P>,
  props: P,
): Promise<HtmlParts> {
  const { render } = await import("@react-email/render");
  const html = await render(createElement(component, props));
  return { html, attachments: logoAttachments(props.brand) };
}
