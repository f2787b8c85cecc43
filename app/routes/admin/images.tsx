import { addressWith } from "#app/components/admin/address.ts";
import { AdminDialog } from "#app/components/admin/admin-dialog.tsx";
import { ImageCard, ImageDetails } from "#app/components/admin/image-card.tsx";
import { ImageUpload } from "#app/components/admin/image-upload.tsx";
import {
  adminMeta,
  EmptyState,
  Notice,
  ScreenHeader,
  TabNav,
  useNotice,
} from "#app/components/admin/screen.tsx";
import {
  cleanAltText,
  deleteImage,
  galleryScreen,
  updateAltText,
} from "#app/domain/media/media.server.ts";
import { EMPTY_GALLERY, NEEDS_ALT, needsAltText } from "#app/domain/media/media.ts";
import {
  type ActionFailure,
  done,
  fail,
  handleIntents,
  invalid,
  postedId,
} from "#app/web/form-action.server.ts";
import { requireAdmin } from "#app/web/guard.server.ts";
import { receiveImage } from "#app/web/image-upload.server.ts";
import { UploadError } from "#app/web/multipart.server.ts";
import type { Route } from "./+types/images";

export const meta: Route.MetaFunction = () => adminMeta("Image Gallery");

const PATH = "/admin/images";
const NOT_FOUND = "That image no longer exists.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  return galleryScreen(services.db, {
    needsAlt: params.get(NEEDS_ALT.param) === NEEDS_ALT.value,
    imageId: params.get("image"),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, services } = await requireAdmin(request, context);
  /** After a change the public pages show it. */
  const changed = async (intent: string, message: string) => {
    await services.invalidatePages();
    return done(intent, message);
  };

  // The upload streams its file to storage: it is read by the upload, not as a form.
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    let uploaded: Awaited<ReturnType<typeof receiveImage>>;
    try {
      uploaded = await receiveImage(request, services, actor);
    } catch (error) {
      if (error instanceof UploadError) return fail("upload", error.message, error.status);
      throw error;
    }
    return changed(
      "upload",
      needsAltText(uploaded) ? NEEDS_ALT.uploaded : "Image uploaded successfully",
    );
  }
  return handleIntents(request, {
    alt: async (form, intent) => {
      const altText = String(form.get("altText") ?? "");
      const alt = cleanAltText(altText);
      if (!alt.ok) return invalid(intent, { altText: alt.error }, { altText });
      const id = postedId(form);
      if (!id || !(await updateAltText(services.db, id, alt.value, actor))) {
        return fail(intent, NOT_FOUND, 404);
      }
      return changed(intent, "Alt text saved");
    },
    delete: async (form, intent) => {
      const id = postedId(form);
      if (!id || !(await deleteImage(services, id, actor))) return fail(intent, NOT_FOUND, 404);
      return changed(intent, "Image deleted");
    },
  });
}

export default function ImagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { images, selected, usages, needsAlt, missingAlt } = loaderData;
  const filter = { [NEEDS_ALT.param]: needsAlt ? NEEDS_ALT.value : null };
  const listPath = addressWith(PATH, filter);
  // The upload and the alt text forms show their own answers.
  const [notice, setNotice] = useNotice(actionData, ["upload", "alt"]);
  const failure = actionData && !actionData.ok ? (actionData as ActionFailure) : null;

  return (
    <>
      <ScreenHeader
        title="Image Gallery"
        description="Images for slides, projects and pages. JPG, PNG, GIF or WebP, up to 10 MB."
      />
      <ImageUpload action={PATH} failure={failure} onNotice={setNotice} />
      <Notice {...notice} />

      <TabNav
        label="Show images"
        tabs={[
          { to: PATH, label: "All images", current: !needsAlt },
          {
            to: addressWith(PATH, { [NEEDS_ALT.param]: NEEDS_ALT.value }),
            label: `${NEEDS_ALT.filter} (${missingAlt})`,
            current: needsAlt,
          },
        ]}
      />

      <AdminDialog open={Boolean(selected)} title="Image Details" closeTo={listPath}>
        {selected && (
          <ImageDetails
            key={selected.id}
            image={selected}
            usage={usages[selected.id]}
            action={addressWith(PATH, filter, { image: String(selected.id) })}
            listPath={listPath}
            failure={failure}
            saved={actionData?.ok === true && actionData.intent === "alt"}
            onNotice={setNotice}
          />
        )}
      </AdminDialog>

      {images.length === 0 ? (
        <EmptyState>{needsAlt ? NEEDS_ALT.none : EMPTY_GALLERY}</EmptyState>
      ) : (
        <ul
          className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          aria-label="Images"
        >
          {images.map((image) => (
            <ImageCard
              key={image.id}
              image={image}
              usage={usages[image.id]}
              action={listPath}
              detailsTo={addressWith(PATH, filter, { image: String(image.id) })}
              onNotice={setNotice}
            />
          ))}
        </ul>
      )}
    </>
  );
}
