import type { ReactNode } from 'react';

export type ExternalLinkProps = { href: string; className?: string; children: ReactNode };

/** A link to another site, opened in a new tab, said so to screen readers. */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
