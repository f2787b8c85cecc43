// A content block as staff write it (/admin/content and /api/admin/content-blocks): the rules
// and texts shared by the server and the browser.
import * as z from "zod/mini";
import { isImageUrl } from "#app/domain/media/media.ts";
import { type Success, success } from "#app/platform/result.ts";
import { firstErrors, type Invalid, invalidFields } from "#app/platform/validation.ts";

export const BLOCK_TEXTS = {
  duplicateKey: "A content block with this key already exists: choose another key.",
  notFound: "Content block not found.",
  deleteConfirm: "Are you sure you want to delete this content block?",
} as const;

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required.` }).check(
    z.trim(),
    z.minLength(1, { error: `${label} is required.` }),
    z.maxLength(max, {
      error: `${label} must be at most ${max.toLocaleString("en-US")} characters.`,
    }),
  );

/** Keys, pages and sections are names code asks for: letters, digits and a few marks. */
const name = (label: string, pattern: RegExp, allowed: string) =>
  required(label, 100).check(
    z.refine((v) => v === "" || pattern.test(v), {
      error: `${label} may contain only ${allowed}.`,
    }),
  );

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blockSchema = z.object({
  key: name("Key", /^[A-Za-z0-9][A-Za-z0-9._-]*$/, "letters, digits, dots, dashes and underscores"),
  title: required("Title", 200),
  content: required("Content", 5000),
  imageUrl: z._default(
    z.string({ error: "Image URL must be text." }).check(
      z.trim(),
      z.maxLength(2048, { error: "Image URL must be at most 2,048 characters." }),
      z.refine((v) => v === "" || isImageUrl(v), {
        error: "Image URL must be a URL (https://...) or a site path starting with /.",
      }),
    ),
    "",
  ),
  page: name("Page", SLUG, "lowercase letters, digits and single dashes"),
  section: name("Section", SLUG, "lowercase letters, digits and single dashes"),
});
export type BlockInput = z.infer<typeof blockSchema>;

/** Validates a block from a form or JSON; missing fields count as empty. */
export function parseBlock(raw: unknown): Success<BlockInput> | Invalid {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return invalidFields({ form: "Send the content block as a JSON object." });
  }
  const input = raw as Record<string, unknown>;
  const parsed = blockSchema.safeParse({
    key: input.key ?? "",
    title: input.title ?? "",
    content: input.content ?? "",
    imageUrl: input.imageUrl ?? input.image_url ?? "",
    page: input.page ?? "",
    section: input.section ?? "",
  });
  return parsed.success ? success(parsed.data) : invalidFields(firstErrors(parsed.error.issues));
}
