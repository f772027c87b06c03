import { LogoMark } from '@/components/icons';
import { getBrand } from '@/lib/brand';

/** The logo and provider name; a home link in the logged-in header, plain elsewhere. */
export function BrandMark() {
  return (
    <>
      <LogoMark />
      <span className="brand__name">{getBrand().providerName}</span>
    </>
  );
}
