import { webRoutes } from '@outpost/contracts/web-routes';
import { useEffect, useState } from 'react';
import { ErrorBanner } from '@/components/error-banner';
import { takeRefusedPage } from '@/lib/refused-page';

/** The area a refused page belongs to: 'Billing' for its pages, else the page's own title. */
export function refusedArea(path: string): string {
  if (path.startsWith('/billing/')) return 'Billing';
  return webRoutes.find((r) => r.path === path)?.title ?? 'that page';
}

export function refusedPageMessage(path: string): string {
  return `Your account holder has not given you access to ${refusedArea(path)}.`;
}

/**
 * Why the app brought the user to the Dashboard (the spec's redirect of a page they may not
 * open): said once, politely, until dismissed. Taken after the first paint, so it is added to the
 * page and read out rather than being part of the page as it arrives.
 */
export function RefusedPageNotice() {
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    const refused = takeRefusedPage();
    if (refused !== null) setPath(refused);
  }, []);
  if (path === null) return null;
  return (
    <ErrorBanner tone="info" error={refusedPageMessage(path)} onDismiss={() => setPath(null)} />
  );
}
