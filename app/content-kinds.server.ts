// The kinds of content that keep a history, registered with the history area (which sits below
// the areas that own them). Imported for its effect by everything that runs the app: the
// request handler (server/app.ts), the seed plan, and the database tests' setup.
import { blockKind } from "#app/domain/content/blocks.server.ts";
import { sectionKind } from "#app/domain/content/homepage-editor.server.ts";
import { slideKind } from "#app/domain/content/slides.server.ts";
import { registerKinds } from "#app/domain/history/kinds.server.ts";
import { projectKind } from "#app/domain/portfolio/projects-admin.server.ts";
import { brandKind } from "#app/domain/settings/settings-admin.server.ts";
import { courseKind } from "#app/domain/training/courses-admin.server.ts";

registerKinds([sectionKind, slideKind, blockKind, projectKind, courseKind, brandKind]);
