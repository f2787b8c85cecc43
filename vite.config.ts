import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      // One chunk for every icon instead of one tiny request per icon.
      output: { codeSplitting: { groups: [{ name: "icons", test: /lucide-react/ }] } },
    },
  },
  // The server bundle's entry is our handler factory, which imports the React Router build.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
});
