/** Money in whole pounds, shown as £ + an en-GB number (spec section 9): 1099 -> "£1,099". */
const formatter = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export function formatMoney(pounds: number): string {
  const sign = pounds < 0 ? '-' : '';
  return `${sign}£${formatter.format(Math.abs(pounds))}`;
}
