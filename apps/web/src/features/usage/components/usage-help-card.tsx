import { useId } from 'react';
import { useLiveChatEntry } from '@/components/live-chat-entry';
import { getBrand, phoneHref } from '@/lib/brand';

export type UsageHelpCardProps = {
  /** Offer Live Chat (it needs a signed-in session; the embedded page offers the phone only). */
  liveChat: boolean;
};

/**
 * The help card of the usage pages (spec 2 section 2): Live Chat (the chat page on native, the
 * provider's widget on the web, or the other ways to reach us in place; docs/decisions/038), and
 * the phone.
 */
export function UsageHelpCard({ liveChat }: UsageHelpCardProps) {
  const ids = useId();
  const brand = getBrand();
  return (
    <section className="help-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Questions about your usage?</h2>
      <p>We can explain your usage, help you choose a data block or find a plan that suits you.</p>
      {liveChat ? (
        <WithLiveChat phone={brand.helpPhone} />
      ) : (
        <p className="help-card__actions">
          <PhoneAction phone={brand.helpPhone} />
        </p>
      )}
    </section>
  );
}

function PhoneAction({ phone }: { phone: string }) {
  return (
    <span>
      Call <a href={phoneHref(phone)}>{phone}</a>
    </span>
  );
}

function WithLiveChat({ phone }: { phone: string }) {
  const chat = useLiveChatEntry();
  return (
    <>
      <p className="help-card__actions">
        {chat.button}
        <PhoneAction phone={phone} />
      </p>
      {chat.panel}
    </>
  );
}
