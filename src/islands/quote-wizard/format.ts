/** Display helpers for the wizard (spec section 9: miles to one decimal, money as £ + en-GB number). */
export { formatMoney } from '~/lib/money';
export { formatMiles, describeDistance } from '~/lib/distance';
