import { Phone, PhoneCall, RadioTower, SatelliteDish, Wifi, type LucideProps } from 'lucide-react';

/**
 * A service's technology as an icon (issue 41): satellite (Sky Muster, Sky Muster Plus), fixed
 * wireless, landline and VoIP, anything else as broadband. Decorative: the technology is always
 * written beside it, so it is hidden from screen readers.
 */
export function ServiceIcon({ technology, ...props }: { technology: string } & LucideProps) {
  const Icon =
    technology === 'Sky Muster' || technology === 'Sky Muster Plus'
      ? SatelliteDish
      : technology === 'Fixed Wireless'
        ? RadioTower
        : technology === 'Landline'
          ? Phone
          : technology === 'VOIP'
            ? PhoneCall
            : Wifi;
  return <Icon aria-hidden="true" focusable="false" size={20} {...props} />;
}
