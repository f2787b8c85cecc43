import type { ReactNode } from "react";
import { AI_DESIGN_PAGE } from "./inquiry-page.ts";

/** The id of the "Start Your AI Design" dialog a page with these buttons carries. */
export const AI_DESIGN_DIALOG = "ai-design-dialog";

/**
 * A "Start Your AI Design" call to action: opens the page's AI design dialog by an invoker
 * command, with no script; where a browser lacks invoker commands, the site's inline script
 * leads to the form's own page (`data-href`). A page that shows one declares
 * `STATIC_PAGE_WITH_INQUIRY`, so its layout renders the dialog.
 */
export function InquiryButton({ className, children }: { className: string; children: ReactNode }) {
  return (
    <button
      type="button"
      commandfor={AI_DESIGN_DIALOG}
      command="show-modal"
      data-href={AI_DESIGN_PAGE}
      className={className}
    >
      {children}
    </button>
  );
}
