import { useId } from 'react';
import { NavLink } from 'react-router';

export type LegalResource = { label: string; to: string };

/** The links between the legal pages, under the 'Legal Resources' heading. */
export function LegalResourcesNav({ items }: { items: readonly LegalResource[] }) {
  const headingId = useId();
  return (
    <nav className="legal-nav" aria-labelledby={headingId}>
      <h2 id={headingId} className="legal-nav__title">
        Legal Resources
      </h2>
      <ul className="legal-nav__list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className="legal-nav__link">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
