import { lazy, Suspense } from "react";

// The inquiry form of a course without upcoming dates. Most course pages have dates, so the
// inquiry forms' code (about 4 kB of gzip, with their fields) reaches only a page that shows it:
// the server renders the form at once (its module is loaded when the server starts), and the
// browser fetches it lazily and hydrates the server's markup when it arrives. Without
// JavaScript the server's form posts to the course page's action.
const load = () => import("../inquiry/message-forms.tsx");
const onServer = import.meta.env.SSR ? await load() : null;
const InquiryForm =
  onServer?.GeneralInquiryForm ??
  lazy(() => load().then((module) => ({ default: module.GeneralInquiryForm })));

export function NoDatesInquiry(props: { defaultType: string; defaultMessage: string }) {
  return (
    <Suspense fallback={<p className="text-slate-600 dark:text-slate-300">Loading the form...</p>}>
      <InquiryForm {...props} />
    </Suspense>
  );
}
