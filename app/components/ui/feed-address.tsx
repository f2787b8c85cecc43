// A private calendar feed's address (a consultant's consultations, a student's classes): shown
// once, right after it is made (only its hash is kept), with a link calendar apps open as a
// subscription (webcal:) and, with script, a copy button; one button makes a new address, after
// which the old one answers 404.
import { useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "./use-hydrated.ts";

export function FeedAddress({
  url,
  hasFeed,
  action,
  intent,
  buttonClass,
}: {
  /** Just made: shown this once. */
  url: string;
  hasFeed: boolean;
  /** Where the button posts (the page itself when absent), with this `intent`. */
  action?: string;
  intent: string;
  buttonClass: string;
}) {
  return (
    <>
      {url ? (
        <div className="mt-4 text-sm">
          <p>Your feed address (shown once; copy it now):</p>
          <p className="mt-2 flex flex-wrap items-center gap-3">
            <code className="break-all rounded bg-slate-100 px-1 py-0.5 dark:bg-slate-800">
              {url}
            </code>
            <CopyAddress url={url} buttonClass={buttonClass} />
          </p>
          <p className="mt-2">
            <a
              href={url.replace(/^https?:/, "webcal:")}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
            >
              Open it in your calendar app
            </a>
          </p>
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {hasFeed
            ? "You have a feed address. For safety it is not shown again; make a new one to see it (the old one stops working)."
            : "You have no feed address yet."}
        </p>
      )}
      <Form method="post" action={action} className="mt-4">
        <input type="hidden" name="intent" value={intent} />
        <button type="submit" className={buttonClass}>
          {hasFeed ? "Make a new feed address" : "Make a feed address"}
        </button>
      </Form>
    </>
  );
}

/** Copies the address (with script only: without it the address is there to select). */
function CopyAddress({ url, buttonClass }: { url: string; buttonClass: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState("");
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("Copied.");
    } catch {
      setCopied("Copy failed: select the address and copy it.");
    }
  };
  return (
    <>
      <button type="button" className={buttonClass} onClick={copy}>
        Copy the address
      </button>
      <span role="status">{copied}</span>
    </>
  );
}
