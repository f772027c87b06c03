import { DEFAULT_BUSINESS_TIME_ZONE } from '@outpost/domain/time/zone';
import { zoneDescription } from '@outpost/domain/time/names';
import { Link } from 'react-router';
import { BRAND_GLOBAL, type PageBusiness } from '@outpost/contracts/brand';
import { ExternalLink } from '@/components/external-link';
import { getBrand, phoneHref } from '@/lib/brand';
import { SupportLayout } from './support-layout';
import './guides.css';
import { formatPhone } from '@outpost/domain/phone-format';

/**
 * Spec 3 section 2.7, word for word: the default business file's (content/business/queensland.json),
 * for `vite dev`, unit tests and the native apps' bundled page, where no server injects it.
 */
export const CONTACT_HOURS: PageBusiness = {
  timeZone: DEFAULT_BUSINESS_TIME_ZONE,
  hours: [
    {
      team: 'Sales & Accounts',
      hours: 'Monday to Friday 8am-6pm; Saturdays (sales only) 9am-5pm; public holidays closed',
    },
    {
      team: 'Technical Support',
      hours: 'Monday to Friday 8am-8pm; weekends 8am-6pm; public holidays closed',
    },
  ],
};

/**
 * The teams' hours from the business file (docs/decisions/042), the same words the callback form
 * and the server's slots go by: the server injects them with the brand.
 */
export function contactHours(): PageBusiness {
  const injected =
    typeof window === 'undefined'
      ? undefined
      : (window as Window & { [BRAND_GLOBAL]?: { business?: Partial<PageBusiness> } })[BRAND_GLOBAL]
          ?.business;
  const valid =
    injected &&
    (injected.hoursNote === undefined || typeof injected.hoursNote === 'string') &&
    Array.isArray(injected.hours) &&
    injected.hours.every((h) => typeof h?.team === 'string' && typeof h.hours === 'string');
  return valid ? (injected as PageBusiness) : CONTACT_HOURS;
}

/** A WhatsApp chat link: the number in international form, digits only ('+61 491 570 156' -> 61491570156). */
export function whatsappHref(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, '');
  const international = digits.startsWith('+')
    ? digits.slice(1)
    : digits.startsWith('0')
      ? `61${digits.slice(1)}`
      : digits;
  return `https://wa.me/${international}`;
}

/**
 * /support/contact (spec 3 section 2.7, static): both teams' hours (the business file's), the help, faults,
 * toll-free, local, international and WhatsApp numbers from the brand (the help number is the
 * one every page gives: docs/decisions/040), and Request a Callback
 * (docs/decisions/017). Live Chat is a tab of its own on the native app.
 */
export function ContactPage() {
  const brand = getBrand();
  const business = contactHours();
  const phones = [
    { label: 'Help and accounts', number: brand.helpPhone },
    { label: 'Faults', number: brand.faultsPhone },
    { label: 'Toll-free', number: brand.tollFreePhone },
    { label: 'Local', number: brand.localPhone },
    { label: 'International', number: brand.internationalPhone },
  ];
  return (
    <SupportLayout title="Contact">
      <div className="contact">
        <section className="contact__callback" aria-labelledby="contact-callback">
          <h2 id="contact-callback">Rather we call you?</h2>
          <p>Pick a time that suits you and the right team will ring you.</p>
          <Link to="/support/callback" className="button button--primary">
            Request a callback
          </Link>
        </section>

        <section aria-labelledby="contact-hours">
          <h2 id="contact-hours">Opening hours</h2>
          <table className="contact__hours">
            <thead>
              <tr>
                <th scope="col">Team</th>
                <th scope="col">Hours</th>
              </tr>
            </thead>
            <tbody>
              {business.hours.map((row) => (
                <tr key={row.team}>
                  <th scope="row">{row.team}</th>
                  <td>{row.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{business.hoursNote ?? `The time zone is ${zoneDescription(new Date())}.`}</p>
        </section>

        <section aria-labelledby="contact-phone">
          <h2 id="contact-phone">Phone and WhatsApp</h2>
          <dl className="contact__numbers">
            {phones.map((p) => (
              <div key={p.label}>
                <dt>{p.label}</dt>
                <dd>
                  <a href={phoneHref(p.number)}>{formatPhone(p.number)}</a>
                </dd>
              </div>
            ))}
            <div>
              <dt>WhatsApp</dt>
              <dd>
                <ExternalLink href={whatsappHref(brand.whatsappPhone)}>
                  {formatPhone(brand.whatsappPhone)}
                </ExternalLink>
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </SupportLayout>
  );
}
