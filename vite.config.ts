import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "./scripts/precompress.ts";

// Client chunks. Every page needs the framework and the site's shell (the root and site layout
// routes with what they draw, and the few small pieces most pages share: a headed section, a
// cover image, a calendar date), so each is one file rather than a dozen small ones: fewer
// requests before the page is interactive (browsers open six connections per host over
// HTTP/1.1) and better compression. The marketing sections, the
// form fields (with their check in the browser) and the inquiry forms, shared by many pages,
// are one file each too; the rest splits by route.
const chunkGroups = [
  {
    name: "framework",
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|rolldown[\\/]runtime/,
  },
  {
    name: "site",
    test: /app[\\/](root\.tsx|routes[\\/]site[\\/]layout\.tsx|components[\\/](layout[\\/]|ui[\\/](icons|headed-section|cover-image)|inquiry[\\/]inquiry-modal|document|seo)|domain[\\/]settings[\\/]settings\.ts|platform[\\/]calendar-date\.ts)/,
  },
  { name: "marketing", test: /app[\\/]components[\\/]marketing[\\/]/ },
  {
    name: "forms",
    test: /app[\\/](components[\\/](ui[\\/](fields|browser-check)|inquiry[\\/]form-parts)|domain[\\/]leads[\\/]leads\.ts)/,
  },
  // The inquiry forms (course registration uses the fields above, not these).
  { name: "inquiry", test: /app[\\/]components[\\/]inquiry[\\/](message-forms|use-inquiry)/ },
];

/**
 * The server build's JSX goes through app/platform/static-render.server.ts, which marks an event
 * handler that cannot run on a page without the framework's script (decision 0022).
 */
function staticRenderCheck(): Plugin {
  const runtime = fileURLToPath(new URL("./app/platform/static-render.server.ts", import.meta.url));
  return {
    name: "static-render-check",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    resolveId(source, importer) {
      if (source !== "react/jsx-runtime" || importer === runtime) return null;
      return runtime;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress(), staticRenderCheck()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: chunkGroups.map((group, index) => ({
            ...group,
            priority: chunkGroups.length - index,
          })),
        },
      },
    },
  },
  // The server bundle's entry is our handler factory, which imports the React Router build.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
});
