import type { Product } from '@outpost/contracts/orders';
import { formatMoney } from '@outpost/domain/format';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import type { PurchaseValues } from './purchase-form';

/**
 * The catalogue as one radio group of cards: a picture (its size reserved), name, model, price and
 * the RRP (struck through when above the price). Arrow keys move the choice, as in any radio group.
 */
export function ProductChoice({ products }: { products: readonly Product[] }) {
  const ids = useId();
  const { register, formState, clearErrors } = useFormContext<PurchaseValues>();
  const error = formState.errors.productid?.message;
  const errorId = `${ids}-error`;
  const radio = register('productid', {
    onChange: () => {
      if (formState.errors.productid) clearErrors('productid');
    },
  });
  return (
    <fieldset
      className="choice-group"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="visually-hidden">Products</legend>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      <ul className="product-list">
        {products.map((p) => {
          const id = `${ids}-${p.productid}`;
          const discounted = p.rrp > p.price;
          return (
            <li key={p.productid}>
              <label className="product-card" htmlFor={id}>
                <input
                  type="radio"
                  id={id}
                  value={String(p.productid)}
                  aria-labelledby={`${id}-name`}
                  aria-describedby={`${id}-facts`}
                  {...radio}
                />
                <img
                  className="product-card__image"
                  src={p.image}
                  alt={p.name}
                  width={320}
                  height={240}
                  loading="lazy"
                  decoding="async"
                />
                <span className="product-card__text">
                  <span id={`${id}-name`} className="product-card__name">
                    {p.name}
                  </span>
                  <span id={`${id}-facts`} className="product-card__facts">
                    <span className="product-card__model">Model {p.model}</span>
                    <span className="product-card__price">{formatMoney(p.price)}</span>
                    {discounted ? (
                      <span className="product-card__rrp">
                        <s>RRP {formatMoney(p.rrp)}</s>
                        <span className="visually-hidden">
                          {' '}
                          (you save {formatMoney(p.rrp - p.price)})
                        </span>
                      </span>
                    ) : (
                      <span className="product-card__rrp">RRP {formatMoney(p.rrp)}</span>
                    )}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
