/**
 * The page a route guard just refused for want of a permission (spec: it redirects to the
 * Dashboard). The dashboard takes it once to say why; it lives in memory only, so a reload does
 * not say it again.
 */
let refused: string | null = null;

export function noteRefusedPage(path: string): void {
  refused = path;
}

export function takeRefusedPage(): string | null {
  const path = refused;
  refused = null;
  return path;
}
