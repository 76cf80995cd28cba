/** Money in whole pounds, shown as £ + an en-GB number (spec section 9): 1099 -> "£1,099". */
const formatter = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export function formatMoney(pounds: number): string {
  const sign = pounds < 0 ? '-' : '';
  return `${sign}£${formatter.format(Math.abs(pounds))}`;
}

/** Whole pence as pounds and pence, from integers alone: 111690 -> "£1,116.90". */
export function formatPence(pence: number): string {
  if (!Number.isInteger(pence)) throw new RangeError(`Not a whole number of pence: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(pence);
  return `${sign}£${formatter.format(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}
