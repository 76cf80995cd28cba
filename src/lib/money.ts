const formatter = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** Money as £ + an en-GB number (spec section 9): 1099 -> "£1,099"; with pence, two figures of them: 1288.5 -> "£1,288.50". */
export function formatMoney(pounds: number): string {
  const sign = pounds < 0 ? '-' : '';
  const amount = Math.round(Math.abs(pounds) * 100) / 100;
  return `${sign}£${amount.toLocaleString('en-GB', { minimumFractionDigits: amount % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** Whole pence as pounds and pence, from integers alone: 111690 -> "£1,116.90". */
export function formatPence(pence: number): string {
  if (!Number.isInteger(pence)) throw new RangeError(`Not a whole number of pence: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(pence);
  return `${sign}£${formatter.format(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}
