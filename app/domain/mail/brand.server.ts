// The company as its e-mails show it: name, phone, address and site from the brand settings,
// and the logo as a small PNG that travels inside the message (an inline `cid:` part). Never a
// remote image: mail clients block them, and a remote image tells its host when mail is read.
import { readFile, stat } from "node:fs/promises";
import { resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import sharp from "sharp";
import { openMedia } from "#app/domain/media/media.server.ts";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { formatAddress } from "#app/domain/settings/settings.ts";
import type { AppServices } from "#app/platform/context.ts";
import type { Db } from "#app/platform/db/client.server.ts";
import type { MailAttachment, Outbox } from "#app/platform/mail/outbox.server.ts";
import type { Storage } from "#app/platform/storage/storage.server.ts";

export interface MailLogo {
  /** "logo": the uploaded logo, shown alone; "mark": the site's own mark, shown beside the name (as the site header does without a logo). */
  kind: "logo" | "mark";
  /** The PNG, base64. */
  png: string;
  /** The size it is shown at (the PNG has twice as many pixels, for sharp screens). */
  width: number;
  height: number;
  /** The Content-ID the HTML refers to (`cid:...`). */
  cid: string;
}

export interface MailBrand {
  siteName: string;
  phone: string;
  /**
   * The company's e-mail address: the Reply-To of the messages that invite a reply (the
   * acknowledgement, the registration e-mails). Account e-mails (invitations, resets) carry none.
   */
  email: string;
  /** One line, e.g. "2100 Example Parkway, Suite 300, Birmingham, AL 35203" */
  address: string;
  /** The public site, e.g. "https://www.example.com" (no trailing slash) */
  siteUrl: string;
  /** null: the site name shows as text. */
  logo: MailLogo | null;
  /** The company's time zone: every time an e-mail shows is in it, with the zone named. */
  timeZone: string;
}

export interface MailBrandSources {
  db: Db;
  storage: Storage;
  siteUrl: string;
  /** The site's static files (default ./public): logos given as site paths, and the mark. */
  publicDir?: string;
  logger?: { warn(details: object, message: string): void };
}

/** A logo is drawn at most this tall in an e-mail; its PNG has twice the pixels. */
const LOGO_HEIGHT = 48;
const LOGO_MAX_WIDTH = 240;
const MARK_SIZE = 36;
/** Bigger files are not read for an e-mail logo (uploads are at most 10 MB; logos are small). */
const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED = new Set(["png", "jpeg", "webp"]);

/** Logos prepared before, by their setting; media and site files never change under a name. */
const prepared = new Map<string, Omit<MailLogo, "cid">>();
const PREPARED_MAX = 16;

export async function loadMailBrand(sources: MailBrandSources): Promise<MailBrand> {
  const settings = await getSiteSettings(sources.db);
  const siteUrl = sources.siteUrl.replace(/\/+$/, "");
  const logo = await mailLogo(settings.logoUrl, { ...sources, siteUrl });
  return {
    siteName: settings.siteName,
    phone: settings.phone,
    email: settings.email,
    address: formatAddress(settings.address),
    siteUrl,
    logo: logo && { ...logo, cid: `logo@${new URL(siteUrl).hostname}` },
    timeZone: settings.timeZone,
  };
}

/** The inline part that carries the logo (none without one). */
export function logoAttachments(brand: MailBrand): MailAttachment[] {
  if (!brand.logo) return [];
  return [
    {
      filename: "logo.png",
      contentType: "image/png",
      content: brand.logo.png,
      encoding: "base64",
      cid: brand.logo.cid,
    },
  ];
}

/** The uploaded logo, else the site's mark; null when neither can be read (the name shows). */
async function mailLogo(
  logoUrl: string,
  sources: MailBrandSources,
): Promise<Omit<MailLogo, "cid"> | null> {
  const publicDir = resolve(sources.publicDir ?? "public");
  const tries: [string, "logo" | "mark"][] = logoUrl ? [[logoUrl, "logo"]] : [];
  tries.push(["/favicon.svg", "mark"]);
  for (const [url, kind] of tries) {
    const key = `${kind} ${url}`;
    const known = prepared.get(key);
    if (known) return known;
    try {
      const bytes = await logoBytes(url, { ...sources, publicDir });
      const logo = bytes && (await toPng(bytes, kind));
      if (logo) {
        if (prepared.size >= PREPARED_MAX) prepared.clear();
        prepared.set(key, logo);
        return logo;
      }
      if (kind === "logo") sources.logger?.warn({ logoUrl }, "the logo cannot be shown in e-mail");
    } catch (error) {
      sources.logger?.warn({ err: error, logoUrl: url }, "the logo could not be read for e-mail");
    }
  }
  return null;
}

/** The logo's bytes from storage (/media/...) or the site's files; never from another host. */
async function logoBytes(
  url: string,
  sources: MailBrandSources & { publicDir: string },
): Promise<Buffer | null> {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    const parsed = new URL(url);
    if (parsed.origin !== new URL(sources.siteUrl).origin) return null;
    path = parsed.pathname;
  }
  path = path.split(/[?#]/)[0] ?? "";
  if (!/^\/(?!\/)/.test(path)) return null;
  if (path.startsWith("/media/")) {
    const media = await openMedia(sources.storage, path.slice("/media/".length));
    return media && readCapped(media.body);
  }
  const file = resolve(sources.publicDir, `.${path}`);
  if (!file.startsWith(sources.publicDir + sep)) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile() || info.size > LOGO_MAX_BYTES) return null;
  return readFile(file);
}

async function readCapped(body: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > LOGO_MAX_BYTES) {
      body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A PNG at twice the size it is shown at; PNG, JPEG and WebP logos only (the mark is SVG). */
async function toPng(bytes: Buffer, kind: "logo" | "mark"): Promise<Omit<MailLogo, "cid"> | null> {
  const image = sharp(bytes, { limitInputPixels: 40_000_000, density: 288 });
  const { format } = await image.metadata();
  if (kind === "logo" ? !ACCEPTED.has(format ?? "") : format !== "svg") return null;
  const box = kind === "mark" ? MARK_SIZE : LOGO_HEIGHT;
  const { data, info } = await image
    .resize({
      height: box * 2,
      width: (kind === "mark" ? MARK_SIZE : LOGO_MAX_WIDTH) * 2,
      fit: "inside",
      withoutEnlargement: kind === "logo",
    })
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  const height = Math.min(box, info.height);
  return {
    kind,
    png: data.toString("base64"),
    width: Math.max(1, Math.round((info.width * height) / info.height)),
    height,
  };
}

/** What a staff change that sends e-mail needs: the outbox and the brand, loaded beforehand. */
export interface StaffMail {
  outbox: Pick<Outbox, "enqueue">;
  brand: MailBrand;
}

/**
 * The outbox and the brand, with the e-mail components `load` brings in loaded too: all of it
 * before a transaction opens (see render.server.ts).
 */
export async function staffMailOf(
  services: Pick<AppServices, "db" | "storage" | "env" | "logger" | "outbox">,
  load: () => Promise<unknown>,
): Promise<StaffMail> {
  await load();
  const brand = await loadMailBrand({
    db: services.db,
    storage: services.storage,
    siteUrl: services.env.SITE_URL,
    logger: services.logger,
  });
  return { outbox: services.outbox, brand };
}
