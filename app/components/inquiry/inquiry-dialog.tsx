import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { CommandDialog } from "../ui/command-dialog.tsx";
import { AiDesignInquiryForm } from "./ai-design-form.tsx";
import { AI_DESIGN_DIALOG } from "./inquiry-modal.tsx";

/**
 * The "Start Your AI Design" dialog with its form, rendered by the server into the pages with
 * its buttons; the form posts to the AI design page, which answers with the result.
 */
export function InquiryDialog() {
  return (
    <CommandDialog
      id={AI_DESIGN_DIALOG}
      title="Start Your AI Design"
      description={`Tell us about your project and we will contact you ${REPLY_PROMISE}.`}
    >
      <AiDesignInquiryForm />
    </CommandDialog>
  );
}
