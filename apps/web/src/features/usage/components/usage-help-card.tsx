import { useId } from 'react';
import { Link } from 'react-router';
import { getBrand, phoneHref } from '@/lib/brand';

export type UsageHelpCardProps = {
  /** Offer Live Chat (it needs a signed-in session; the embedded page offers the phone only). */
  liveChat: boolean;
};

/** The help card of the usage pages (spec 2 section 2): Live Chat at /support/live-chat, and the phone. */
export function UsageHelpCard({ liveChat }: UsageHelpCardProps) {
  const ids = useId();
  const brand = getBrand();
  return (
    <section className="help-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Questions about your usage?</h2>
      <p>We can explain your usage, help you choose a data block or find a plan that suits you.</p>
      <p className="help-card__actions">
        {liveChat && (
          <Link to="/support/live-chat" className="button">
            Live Chat
          </Link>
        )}
        <span>
          Call <a href={phoneHref(brand.helpPhone)}>{brand.helpPhone}</a>
        </span>
      </p>
    </section>
  );
}
