/**
 * A change order (issue 44 item 6) as the crew's sheet, the customer's move page and the office show it: its lines as
 * the price table priced them, its total and state, and the words the customer ticks. Data only.
 */
import { formatPence } from '~/lib/money';
import { CHANGE_STATUS_WORDS, changeItemsFor, changeAgreement, quantityField } from '~/lib/office/change-order';
import { UK_TIME_ZONE, londonToday } from '~/lib/dates';
import { formatDateTime } from '~/lib/office/format';
import type { ChangeItemChoice, ChangeOrderLine } from '~/lib/views/job-sheet';
import { SIGNED_ON_PHONE } from '~/lib/office/condition';
import type { ChangeOrder } from '../lib/office/change-orders';
import { photoLinks } from './condition-view';

/** The items the crew can choose for a move of this size, from the engine's own tables. */
export const changeItemChoices = (propertyId: string): ChangeItemChoice[] =>
  changeItemsFor(propertyId).map((item) => ({
    field: quantityField(item.id),
    name: item.name,
    price: formatPence(item.unitPence),
    max: item.max,
  }));

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: UK_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * `today`: the crew's sheet shows only the time on the day; elsewhere the date and time. `number`: its place among the
 * move's changes. `staff`: with the drawn signature's link, which only the office may open.
 */
export function changeLine(order: ChangeOrder, today: string | null, number: number, staff = false): ChangeOrderLine {
  const drawn = order.signature ? `; ${SIGNED_ON_PHONE.toLowerCase()}` : '';
  const at = (iso: string) => (today !== null && londonToday(new Date(iso)) === today ? clock.format(new Date(iso)) : formatDateTime(iso));
  const decided =
    order.status === 'accepted' && order.decidedAt
      ? `Signed by ${order.signedName ?? ''} at ${at(order.decidedAt)}${drawn}`
      : order.status === 'refused' && order.decidedAt
        ? `Refused at ${at(order.decidedAt)}`
        : null;
  return {
    id: String(order.id),
    number,
    lines: order.lines.map((line): [string, string] => [`${line.label} × ${line.quantity}`, formatPence(line.pence)]),
    total: formatPence(order.totalPence),
    status: CHANGE_STATUS_WORDS[order.status],
    proposed: order.status === 'proposed',
    decided,
    agreement: changeAgreement(order.totalPence),
    signedName: order.signedName,
    signature: staff && order.signature ? { href: photoLinks([order.signature])[0]!.href } : null,
  };
}
