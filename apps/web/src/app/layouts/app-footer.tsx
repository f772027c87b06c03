import type { PermissionMap } from '@outpost/contracts/permissions';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { getBrand, phoneHref } from '@/lib/brand';
import { flattenLinks, mainMenu, visibleEntries } from './menu-items';

const footerLinks = [
  { label: 'Help Centre', to: '/help-center' },
  { label: 'Terms of Use', to: '/terms-of-use' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Financial Hardship', to: '/financial-hardship' },
] as const;

export type AppFooterProps = { loggedIn: boolean; permissions?: PermissionMap };

export function AppFooter({ loggedIn, permissions = {} }: AppFooterProps) {
  const brand = getBrand();
  const year = new Date().getFullYear();
  const menuLinks = loggedIn ? flattenLinks(visibleEntries(mainMenu, permissions)) : [];

  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        {loggedIn ? (
          <nav aria-label="Footer menu" className="app-footer__menu">
            <ul>
              {menuLinks.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
              <li>
                <Link to="/support/privacy-policy">Privacy Policy</Link>
              </li>
            </ul>
          </nav>
        ) : (
          <div className="store-badges">
            <ExternalLink href={brand.appStoreUrl} className="store-badge">
              <span className="store-badge__small">Download on the</span> App Store
            </ExternalLink>
            <ExternalLink href={brand.playStoreUrl} className="store-badge">
              <span className="store-badge__small">Get it on</span> Google Play
            </ExternalLink>
          </div>
        )}

        <p className="app-footer__help">
          Need help? Call <a href={phoneHref(brand.helpPhone)}>{brand.helpPhone}</a>
        </p>

        <nav aria-label="Help and legal" className="app-footer__legal">
          <ul>
            {footerLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <p className="app-footer__copyright">
          © {year} {brand.providerName}
        </p>
      </div>
    </footer>
  );
}
