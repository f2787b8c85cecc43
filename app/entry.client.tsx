import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's HTML is complete: let the browser paint it before React takes over (a frame,
// then a task), so the first paint never waits for hydration.
requestAnimationFrame(() => setTimeout(hydrate, 0));
