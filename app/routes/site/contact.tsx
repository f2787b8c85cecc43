import { GeneralInquiryForm } from "#app/components/inquiry/message-forms.tsx";
import { ContactLine } from "#app/components/layout/contact-line.tsx";
import { REPLY_PROMISE } from "#app/domain/leads/leads.ts";
import { formatAddress, telHref } from "#app/domain/settings/settings.ts";
import { AS_DOCUMENT, STATIC_PAGE } from "#app/platform/static-page.ts";
import type { Route } from "./+types/contact";

// A content page: no framework script (decision 0022).
export const handle = STATIC_PAGE;
export const clientMiddleware = AS_DOCUMENT;

export { inquiryAction as action } from "#app/web/inquiry.server.ts";

import { useSiteSettings } from "#app/components/layout/use-site-settings.ts";
import { withSeo } from "#app/components/seo.ts";

export const meta: Route.MetaFunction = (args) =>
  withSeo(args, [
    { title: "Contact Us | Sigma Technology Partners" },
    {
      name: "description",
      content:
        "Questions about IT support, cybersecurity, AI solutions or training? Send us a message or call our Birmingham office.",
    },
  ]);

export default function Contact() {
  const settings = useSiteSettings();
  return (
    <main id="main" className="py-16 sm:py-20">
      <div className="container-page grid gap-12 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">
            Contact Us
          </h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            Questions about training, AI solutions, security or support? Send us a message and the
            right specialist will answer {REPLY_PROMISE}.
          </p>
          <address className="mt-8 space-y-4 not-italic text-slate-700 dark:text-slate-300">
            <ContactLine icon="phone">
              <a href={telHref(settings.phone)} className="hover:underline">
                {settings.phone}
              </a>
            </ContactLine>
            <ContactLine icon="mail">
              <a href={`mailto:${settings.email}`} className="hover:underline">
                {settings.email}
              </a>
            </ContactLine>
            <ContactLine icon="map-pin">{formatAddress(settings.address)}</ContactLine>
          </address>
        </div>
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2
            id="contact-form-heading"
            className="mb-6 text-2xl font-bold text-slate-900 dark:text-white"
          >
            Send Us a Message
          </h2>
          <GeneralInquiryForm />
        </section>
      </div>
    </main>
  );
}
