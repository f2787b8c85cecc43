// The media library as the browser sees it: the image shape and its display helpers. Client-safe.

export interface ImageVariantView {
  width: number;
  url: string;
}

/** The spec's image (id, url, originalName, altText, size, mimeType, createdAt) plus srcset data. */
export interface MediaImage {
  id: number;
  url: string;
  originalName: string;
  altText: string;
  size: number;
  mimeType: string;
  width: number;
  height: number;
  variants: ImageVariantView[];
  /** A srcset of the variants and the original (empty when the image is small). */
  srcSet: string;
  createdAt: string;
}

export const ALT_TEXT_MAX = 300;

/** An address an image may have: a site path ("/media/...") or an http(s) URL with a host. */
export function isImageUrl(value: string): boolean {
  if (/^\/(?!\/)\S*$/.test(value)) return true;
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

/** The one way sizes show, for the screens (components reach the platform through here). */
export { formatFileSize } from "#app/platform/file-size.ts";

/** An image without alt text: what its card says, and the gallery's filter of such images. */
export const NEEDS_ALT = {
  warning: "No alt text: people who cannot see the image will not know what it shows.",
  uploaded: "Image uploaded successfully. It has no alt text yet: open its Details to describe it.",
  filter: "Needs alt text",
  hint: "Describe what the image shows, for people who cannot see it.",
  /** The gallery's address parameter: ?alt=missing */
  param: "alt",
  value: "missing",
  none: "Every image has alt text.",
} as const;

export const needsAltText = (image: Pick<MediaImage, "altText">) => image.altText.trim() === "";

export const IMAGE_URL_COPIED = "Image URL copied to clipboard!";
export const DELETE_IMAGE_CONFIRM = "Are you sure you want to delete this image?";
export const EMPTY_GALLERY = 'No images uploaded yet. Click "Upload Image" to get started.';
export const UPLOAD_FAILED = "Failed to upload image. Please try again.";
/** What the file inputs accept (the server checks the content, not this). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
