/**
 * Extras only by a signed change (issue 44 item 6): what the crew may add on the day, priced only from the tables the
 * quote engine and the office's written quote use (the furniture in src/data/furniture.ts; stairs and a long carry at
 * either end from the access table in src/data/access.ts, by the move's size), and the customer's answer. The words and
 * checks shared by the sheet, the Worker, the pages and the tests.
 */
import { ACCESS_ENDS, ACCESS_PRICES, FLOORS, type AccessEnd, type AccessPrices } from '~/data/access';
import { furniture, type FurnitureId } from '~/data/furniture';
import { QUOTE_ROUTE_ENDS } from '~/data/quote-labels';
import { formatPence } from '~/lib/money';
import { CONDITION_NAME_MAX, SIGNATURE_MAX_BYTES } from './condition';

export const CHANGE_STATUSES = ['proposed', 'accepted', 'refused'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** An access extra at one end: a floor of stairs without a lift, or a long carry. */
export type AccessItemId = `${'stairs' | 'carry'}-${AccessEnd}`;
export type ChangeItemId = FurnitureId | AccessItemId;

/** One line of a change order, priced from the table: never a typed amount. */
export interface ChangeLine {
  item: ChangeItemId;
  label: string;
  quantity: number;
  unitPence: number;
  pence: number;
}

/** The sheet's form actions. */
export const CHANGE_ACTIONS = { propose: 'change_propose', accept: 'change_accept', refuse: 'change_refuse' } as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[keyof typeof CHANGE_ACTIONS];
export const isChangeAction = (action: string): action is ChangeAction => (Object.values(CHANGE_ACTIONS) as string[]).includes(action);

/** audit_log.action for each step. */
export const CHANGE_AUDIT = { proposed: 'change_proposed', accepted: 'change_accepted', refused: 'change_refused' } as const;

/** Where the customer answered. */
export type ChangeDecidedBy = 'crew-phone' | 'move-page';

/** At most this many of one item in a change: a slip of the thumb is not a lorry-load. */
export const CHANGE_QUANTITY_MAX = 9;

/** The field for an item's quantity on the sheet's form (`qty-wardrobe`, `qty-stairs-to`). */
export const quantityField = (item: ChangeItemId) => `qty-${item}`;

/** An item the crew can add, as its table prices it; `max`: the most of it one change may hold. */
export interface ChangeItem {
  id: ChangeItemId;
  name: string;
  unitPence: number;
  max: number;
}

/** The furniture the crew can add, from the engine's own table. */
export const CHANGE_ITEMS: readonly ChangeItem[] = furniture.map((item) => ({
  id: item.id,
  name: item.name,
  unitPence: item.price * 100,
  max: CHANGE_QUANTITY_MAX,
}));

/** The most floors the table counts ("4th floor or higher" counts as 4); a long carry counts once an end, as priced. */
const MOST_FLOORS = Math.max(...Object.values(FLOORS));

/**
 * Every item for a move of this size (its quote's `propertyId`): the furniture, then stairs by the floor and a long
 * carry at each end at the access table's prices for that size; the furniture alone for a size the table has not.
 */
export function changeItemsFor(propertyId: string): ChangeItem[] {
  const prices = (ACCESS_PRICES as Record<string, AccessPrices | undefined>)[propertyId];
  if (!prices) return [...CHANGE_ITEMS];
  const access = ACCESS_ENDS.flatMap((end): ChangeItem[] => [
    {
      id: `stairs-${end}`,
      name: `${QUOTE_ROUTE_ENDS[end]}: stairs without a lift, per floor`,
      unitPence: prices.perFloor * 100,
      max: MOST_FLOORS,
    },
    { id: `carry-${end}`, name: `${QUOTE_ROUTE_ENDS[end]}: long carry (over 20 metres)`, unitPence: prices.longCarry * 100, max: 1 },
  ]);
  return [...CHANGE_ITEMS, ...access];
}

/** The words the customer agrees to by ticking, with the extra total: the page, the e-mail and the record say the same. */
export const changeAgreement = (totalPence: number): string => `I agree to pay ${formatPence(totalPence)} more for these extras`;

/** A written quote line for a change's line, as the next version lists it. */
export const changeLineLabel = (line: Pick<ChangeLine, 'label' | 'quantity'>): string =>
  `Extra on the day: ${line.label}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`;

export const CHANGE_MESSAGES = {
  items: 'Choose at least one item from the list, with how many.',
  quantity: `Choose a number from 0 to ${CHANGE_QUANTITY_MAX} for each item.`,
  access: `Choose at most ${MOST_FLOORS} floors of stairs and 1 long carry at each end.`,
  typedPrice: 'Extras are priced from our price table only: choose the items, not a price.',
  noWrittenQuote: 'This move’s price is not an accepted written quote, so extras cannot be added here. Call the office.',
  name: 'Ask the customer to type their full name to sign.',
  nameTooLong: `Keep the name under ${CONDITION_NAME_MAX} characters.`,
  agree: 'Ask the customer to tick the box if they agree to pay the extra.',
  signature: `The drawn signature must be a PNG picture under ${SIGNATURE_MAX_BYTES / 1024} KB. Clear it and sign again, or accept with the typed name alone.`,
  customerName: 'Type your full name to sign.',
  customerAgree: 'Tick the box if you agree to pay the extra.',
  decided: 'This change is already answered and cannot be answered again.',
  changed: 'The written quote changed meanwhile. Check the change again, then ask the customer to sign.',
} as const;

export const CHANGE_NOTICES = {
  [CHANGE_ACTIONS.propose]: 'The change is ready: hand the phone to the customer to accept or refuse it.',
  [CHANGE_ACTIONS.accept]: 'Thank you. The change is signed; the written quote and the balance are updated and e-mailed to the customer.',
  [CHANGE_ACTIONS.refuse]: 'The customer refused the change. Nothing about the price has changed.',
} as const;

export const CHANGE_STATUS_WORDS: Record<ChangeStatus, string> = {
  proposed: 'Waiting for the customer',
  accepted: 'Accepted and signed',
  refused: 'Refused: nothing changed',
};

export type ChangeField = 'items' | 'name' | 'agree' | 'signature' | 'change';

/**
 * The form's fields, read as the table prices them: only `qty-<item>` fields of `items` (the move's, changeItemsFor)
 * beside the form's own (`allowed`); any other field (a typed price) refuses the lot, as does a quantity outside 0 to 9
 * or over the item's most.
 */
export function changeLinesFrom(
  fields: ReadonlyArray<[string, string]>,
  allowed: ReadonlySet<string>,
  items: readonly ChangeItem[] = CHANGE_ITEMS,
): { ok: true; lines: ChangeLine[] } | { ok: false; message: string } {
  const byField = new Map(items.map((item) => [quantityField(item.id), item]));
  const lines: ChangeLine[] = [];
  for (const [name, raw] of fields) {
    if (allowed.has(name)) continue;
    const item = byField.get(name);
    if (!item) return { ok: false, message: CHANGE_MESSAGES.typedPrice };
    const text = raw.trim();
    if (text === '') continue;
    if (!/^\d$/.test(text)) return { ok: false, message: CHANGE_MESSAGES.quantity };
    const quantity = Number(text);
    if (quantity === 0) continue;
    if (quantity > item.max) return { ok: false, message: CHANGE_MESSAGES.access };
    if (lines.some((line) => line.item === item.id)) return { ok: false, message: CHANGE_MESSAGES.quantity };
    lines.push({ item: item.id, label: item.name, quantity, unitPence: item.unitPence, pence: item.unitPence * quantity });
  }
  return lines.length > 0 ? { ok: true, lines } : { ok: false, message: CHANGE_MESSAGES.items };
}

export const changeTotal = (lines: readonly ChangeLine[]): number => lines.reduce((sum, line) => sum + line.pence, 0);

/** The customer's typed name and tick, checked: each refused field's message, or none. */
export function signatureProblems(fields: { name: string; agreed: boolean }): Partial<Record<ChangeField, string>> {
  const problems: Partial<Record<ChangeField, string>> = {};
  if (!fields.name) problems.name = CHANGE_MESSAGES.name;
  else if (fields.name.length > CONDITION_NAME_MAX) problems.name = CHANGE_MESSAGES.nameTooLong;
  if (!fields.agreed) problems.agree = CHANGE_MESSAGES.agree;
  return problems;
}
