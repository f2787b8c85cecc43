import { lazy, Suspense } from "react";
import { Outlet, useMatches, useNavigation, useRouteLoaderData } from "react-router";
import { RouteErrorPage } from "#app/components/document.tsx";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/layout/site-header.tsx";
import { getSiteSettings } from "#app/domain/settings/settings.server.ts";
import { fallbackSettings } from "#app/domain/settings/settings.ts";
import { appContext } from "#app/platform/context.ts";
import { STATIC_PAGE, wantsInquiryDialog } from "#app/platform/static-page.ts";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  return { settings: await getSiteSettings(db), siteUrl: env.SITE_URL };
}

// The AI design dialog is on content pages only, which never run in the browser (decision
// 0022): the server renders it (a content page is sent when all of it is ready), and no
// hydrated page ever loads it or its form.
const InquiryDialog = lazy(() =>
  import("#app/components/inquiry/inquiry-dialog.tsx").then((m) => ({ default: m.InquiryDialog })),
);

// The layout itself needs no framework script: its pages choose (decision 0022).
export const handle = STATIC_PAGE;

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("routes/site/layout");
  const settings = data?.settings ?? fallbackSettings;
  const navigation = useNavigation();
  const inquiryDialog = wantsInquiryDialog(useMatches().map((match) => match.handle));
  return (
    <>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <SiteHeader settings={settings} loading={navigation.state !== "idle"} />
        <div className="flex-1">{children}</div>
        <SiteFooter settings={settings} />
      </div>
      {inquiryDialog && (
        <Suspense>
          <InquiryDialog />
        </Suspense>
      )}
    </>
  );
}

export default function SiteLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <RouteErrorPage />
    </Shell>
  );
}
