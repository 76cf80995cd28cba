/**
 * What "Delete my data" keeps (issue 30, item 3), said once for the page, the e-mails and the Worker. The right to
 * erasure covers data no longer needed (UK GDPR Article 17(1)(a)); a booked move whose day has not passed is a contract
 * still being performed (Article 6(1)(b)), so it stays until the move is done. A booking only asked for is withdrawn:
 * nothing is arranged until the office books it. Card payments and refunds (issue 34) are financial records, kept for
 * the bookings' years whatever is erased; they hold no personal data (Stripe's events are stored without it).
 */
import { dataRetention } from '../data/promises';
import { formatLongDate } from './dates';

export interface ErasedMove {
  reference: string;
  /** `YYYY-MM-DD`. */
  moveDate: string;
}

/** On /account and in the privacy policy. */
export const PAYMENT_RECORDS_KEPT = `Records of card payments and refunds (the amounts, what each was for, the dates, your move's reference and Stripe's references for them) are kept for ${dataRetention.bookingsYears} years, as UK tax law requires. They hold nothing else about you.`;

export const ERASURE_TEXT = {
  /** On /account, before the customer confirms. */
  keeps: `A move booked with us that has not happened yet is not cancelled: we keep it, with what the crew needs, until it is done. A booking you have asked for that we have not confirmed yet is withdrawn. ${PAYMENT_RECORDS_KEPT}`,
  keptWhy:
    'We still need its details (your name, phone number, addresses and what is moving) to carry out the move you booked: it is a contract we are still performing, and the right to erasure covers only what we no longer need (UK GDPR Article 17(1)(a)).',
  keptAfter:
    'The links in our e-mails about it still work. Once the move is done, sign in and choose Delete my data again to delete it too.',
  /** After "Your booking request for move …:". */
  withdrawn: 'nothing had been arranged yet, so we have withdrawn it and told our team.',
} as const;

/** "move SHF7K3M9Q on Friday 4 December 2026", or "moves … and …". */
export function movesPhrase(moves: readonly ErasedMove[]): string {
  const each = moves.map((move) => `${move.reference} on ${formatLongDate(move.moveDate)}`);
  const list = each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)!}` : (each[0] ?? '');
  return `${moves.length > 1 ? 'moves' : 'move'} ${list}`;
}

/** What "Delete my data" did, for its e-mails. */
export interface Erasure {
  quotes: number;
  messages: number;
  /** Booked moves whose day has not passed: kept, with their links, history and e-mails. */
  kept: ErasedMove[];
  /** Bookings asked for and not yet confirmed: erased, and the business told. */
  withdrawn: ErasedMove[];
}
