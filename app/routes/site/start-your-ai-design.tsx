import { AiDesignInquiryForm } from "#app/components/inquiry/ai-design-form.tsx";
import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/start-your-ai-design";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

// The page behind every "Start Your AI Design" button: the modal's form for visitors without
// JavaScript (and a page that can be linked to).
export { inquiryAction as action } from "#app/web/inquiry.server.ts";

import { withSeo } from "#app/components/seo.ts";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Start Your AI Design | Sigma Technology Partners" },
    {
      name: "description",
      content: `Tell us about your website project: type, budget, timeline and the AI features you want. We reply ${REPLY_PROMISE}.`,
    },
  ]);

export default function StartYourAiDesign() {
  return (
    <main id="main" className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900/60">
      <div className="container-page max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">
          Start Your AI Design
        </h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
          Tell us about your project and we will contact you {REPLY_PROMISE}.
        </p>
        <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <AiDesignInquiryForm />
        </div>
      </div>
    </main>
  );
}
