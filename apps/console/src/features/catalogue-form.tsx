/** What the catalogue's forms share: a price typed in dollars, kept in cents. */

export const dollarsOf = (cents: number) => (cents / 100).toFixed(2);
export const centsOf = (dollars: string) => Math.round(Number(dollars.trim()) * 100);

/** A price in dollars and cents, like 79 or 79.95. */
export const priceRule = {
  validate: (v: string) =>
    /^\d+(\.\d{1,2})?$/.test(v.trim()) ? true : 'Enter the price in dollars, like 79 or 79.95.',
};

/** A whole number of megabytes or a sort position ('' is 0). */
export const wholeRule = (what: string) => ({
  validate: (v: string) => (/^\d*$/.test(v.trim()) ? true : `Enter ${what} as a whole number.`),
});
