// Inquiry posts for fault, storm and scale-out tests: the AI design form (the one that takes
// files) and the general contact form, as a browser with JavaScript sends them.
import sharp from "sharp";

let image: Promise<Buffer> | undefined;

/** A small real PNG (the server decodes every image it accepts). */
export function samplePng(): Promise<Buffer> {
  image ??= sharp({
    create: { width: 24, height: 16, channels: 3, background: { r: 30, g: 80, b: 160 } },
  })
    .png()
    .toBuffer();
  return image;
}

export interface AiDesignPost {
  email: string;
  /** The message (a different message is a different inquiry). */
  message?: string;
  files?: { name: string; bytes: Buffer; type: string }[];
}

export function aiDesignForm({ email, message, files = [] }: AiDesignPost): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries({
    name: "Riley Stone",
    email,
    phone: "205-555-0142",
    "website-type": "business",
    message: message ?? "A new website for our clinic.",
  })) {
    body.append(k, v);
  }
  for (const file of files) {
    body.append("files", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  }
  return body;
}

export function postAiDesign(url: string, post: AiDesignPost, ip?: string): Promise<Response> {
  return fetch(`${url}/api/customers/ai-design-inquiry`, {
    method: "POST",
    body: aiDesignForm(post),
    headers: { Origin: url, ...(ip ? { "X-Forwarded-For": ip } : {}) },
  });
}

/** The general contact form (text only), url-encoded. */
export function postGeneral(url: string, email: string): Promise<Response> {
  return fetch(`${url}/api/inquiries/general`, {
    method: "POST",
    body: new URLSearchParams({
      name: "Sam Lee",
      email,
      phone: "205-555-0100",
      inquiryType: "training",
      message: "Please call me about training for my team.",
    }),
    headers: { Origin: url },
  });
}

/** A PDF of about `bytes` bytes (the header is what the server checks; padding makes it big). */
export function samplePdf(bytes = 2048): Buffer {
  const head = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n";
  const tail = "trailer\n<< /Root 1 0 R >>\n%%EOF\n";
  const padding = `%${"x".repeat(Math.max(0, bytes - head.length - tail.length - 2))}\n`;
  return Buffer.from(head + padding + tail);
}
