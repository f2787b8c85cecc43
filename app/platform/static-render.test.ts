import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { jsx, jsxs, renderingStatic } from "./static-render.server.ts";

// The server's JSX runtime (decision 0022) marks what cannot work on a page without script.
const noop = () => undefined;
const page = () =>
  jsxs("main", {
    children: [
      jsx("button", { type: "button", onClick: noop, children: "Open" }),
      jsx("a", { href: "/portfolio", onClick: noop, children: "Portfolio" }),
      jsx("a", { href: "/terms", onKeyDown: noop, children: "Terms" }),
      jsx("form", { method: "post", onSubmit: noop, onInput: noop }),
      jsx("button", { type: "button", "data-theme-toggle": true, children: "Dark mode" }),
    ],
  });

describe("the dead-handler check", () => {
  it("marks each element of a page without script whose handler cannot run, and names it", () => {
    const html = renderingStatic(() => renderToString(page()));
    expect(html).toContain('<button type="button" data-dead-handler="onClick">Open</button>');
    // A link's click still follows its href; its other handlers are dead.
    expect(html).toContain('<a href="/portfolio">Portfolio</a>');
    expect(html).toContain('<a href="/terms" data-dead-handler="onKeyDown">Terms</a>');
    expect(html).toContain('data-dead-handler="onSubmit onInput"');
    expect(html.match(/data-dead-handler/g)).toHaveLength(3);
  });

  it("leaves a page that hydrates alone", () => {
    expect(renderToString(page())).not.toContain("data-dead-handler");
  });

  it("follows the render through the asynchronous parts of a page", async () => {
    const later = await renderingStatic(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return renderToString(jsx("button", { onClick: noop }));
    });
    expect(later).toContain('data-dead-handler="onClick"');
  });
});
