import { getBrand } from '@/lib/brand';

/**
 * The logo and provider name; a home link in the logged-in header, plain elsewhere. The logo is
 * the brand's SVG the server serves (an image: nothing in it runs), drawn 32 by 32 so the header
 * keeps its size while it loads.
 */
export function BrandMark() {
  const brand = getBrand();
  return (
    <>
      <img className="logo-mark" src={brand.logoUrl} width={32} height={32} alt="" />
      <span className="brand__name">{brand.providerName}</span>
    </>
  );
}
