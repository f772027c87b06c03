import DOMPurify from 'dompurify';
import { type HTMLAttributes, useMemo } from 'react';

/*
 * The one place the web app turns HTML from the server (guides, news, content pages, plan notes,
 * alerts) into page content, always through DOMPurify. DOMPurify is about 20 KiB: only the lazy
 * pages that show such HTML import this module (vite.config.ts keeps it out of 'shared', so the
 * login page and the shell never download it).
 */

/** The HTML with scripts, handlers and anything else unsafe removed. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

/** The same, as a fragment to work on before it is shown (the alerts' invoice buttons). */
export function sanitizeHtmlFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
}

export type SafeHtmlProps = {
  html: string;
  /** The element that holds it: a div unless the text is an article. */
  as?: 'div' | 'article';
} & Omit<HTMLAttributes<HTMLElement>, 'children' | 'dangerouslySetInnerHTML'>;

/** Server HTML shown as page content, sanitised (once per text). */
export function SafeHtml({ html, as: Element = 'div', ...props }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Element {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
