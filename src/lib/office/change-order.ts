/**
 * Extras only by a signed change (issue 44 item 6): what the crew may add on the day, priced only from the table the
 * quote engine and the office's written quote use (src/data/furniture.ts), and the customer's answer. The words and
 * checks shared by the sheet, the Worker, the pages and the tests.
 */
import { furniture, type FurnitureId } from '~/data/furniture';
import { formatPence } from '~/lib/money';
import { CONDITION_NAME_MAX, SIGNATURE_MAX_BYTES } from './condition';

export const CHANGE_STATUSES = ['proposed', 'accepted', 'refused'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** One line of a change order, priced from the table: never a typed amount. */
export interface ChangeLine {
  item: FurnitureId;
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

/** The field for an item's quantity on the sheet's form (`qty-wardrobe`). */
export const quantityField = (item: FurnitureId) => `qty-${item}`;

/** The items the crew can add, from the engine's own table. */
export const CHANGE_ITEMS = furniture.map((item) => ({ id: item.id, name: item.name, unitPence: item.price * 100 }));

/** The words the customer agrees to by ticking, with the extra total: the page, the e-mail and the record say the same. */
export const changeAgreement = (totalPence: number): string => `I agree to pay ${formatPence(totalPence)} more for these extras`;

/** A written quote line for a change's line, as the next version lists it. */
export const changeLineLabel = (line: Pick<ChangeLine, 'label' | 'quantity'>): string =>
  `Extra on the day: ${line.label}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`;

export const CHANGE_MESSAGES = {
  items: 'Choose at least one item from the list, with how many.',
  quantity: `Choose a number from 0 to ${CHANGE_QUANTITY_MAX} for each item.`,
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
 * The form's fields, read as the table prices them: only `qty-<item>` fields beside the form's own (`allowed`); any
 * other field (a typed price) refuses the lot, as does a quantity outside 0 to 9.
 */
export function changeLinesFrom(
  fields: ReadonlyArray<[string, string]>,
  allowed: ReadonlySet<string>,
): { ok: true; lines: ChangeLine[] } | { ok: false; message: string } {
  const byField = new Map(CHANGE_ITEMS.map((item) => [quantityField(item.id), item]));
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
