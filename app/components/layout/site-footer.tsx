import { formatAddress, type SiteSettings, telHref } from "#app/domain/settings/settings.ts";
import { ContactLine } from "./contact-line.tsx";
import { LinkList } from "./link-list.tsx";
import { footerColumns } from "./nav.ts";

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="container-page grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold text-slate-900 dark:text-white">{settings.siteName}</p>
          <p className="mt-3 max-w-sm text-sm text-slate-600 dark:text-slate-400">
            {settings.tagline}
          </p>
          <address className="mt-6 space-y-3 text-sm not-italic text-slate-700 dark:text-slate-300">
            <ContactLine icon="map-pin" size="sm" top>
              <span>{formatAddress(settings.address)}</span>
            </ContactLine>
            <ContactLine icon="phone" size="sm">
              <a
                href={telHref(settings.phone)}
                className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
              >
                {settings.phone}
              </a>
            </ContactLine>
            <ContactLine icon="mail" size="sm">
              <a
                href={`mailto:${settings.email}`}
                className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
              >
                {settings.email}
              </a>
            </ContactLine>
          </address>
          {settings.socialLinks.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Social media">
              {settings.socialLinks.map((link) => (
                <li key={link.url}>
                  <a
                    href={link.url}
                    rel="noopener noreferrer me"
                    target="_blank"
                    className="inline-block rounded-full border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700 dark:border-slate-700 dark:text-slate-300 dark:hover:text-brand-300"
                  >
                    {link.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {footerColumns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white">
              {column.heading}
            </h2>
            <LinkList
              items={column.links}
              className="mt-4 space-y-2.5"
              linkClassName="text-sm text-slate-600 hover:text-brand-700 hover:underline dark:text-slate-400 dark:hover:text-brand-300"
            />
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="container-page py-6 text-xs text-slate-500 dark:text-slate-400">
          © {year} {settings.siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
