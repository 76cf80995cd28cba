/**
 * The day-of-move text messages (issue 44 item 4): the only messages that ever go by text, and only to a customer who
 * opted in. Each is written to fit one GSM-7 segment (160 characters) with realistic long names
 * (tests/unit/sms-texts.test.ts); a name too long for that is cut, never the time. Marketing never goes by text.
 */
import { formatDayMonth } from '~/lib/dates';
import { arrivalWindowLabel } from '~/lib/office/arrival-windows';
import type { MoveEvent } from '~/lib/move-status';
import { smartEncode } from '~/lib/sms-segments';

/**
 * The events a text is sent for: "On our way", "Running late", lateness said by the cron, and a new crew confirmed after
 * a partner gave the move back (issue 43 item 6), the one change of crew the customer hears of without asking. A crew
 * first set (`crew_assigned`) goes by e-mail only, the firm's and a partner's alike.
 */
export type TextedEvent = Extract<MoveEvent, { kind: 'crew_on_way' | 'crew_late' | 'late_said' | 'new_crew' }>;

export const isTextedEvent = (event: MoveEvent): event is TextedEvent =>
  event.kind === 'crew_on_way' || event.kind === 'crew_late' || event.kind === 'late_said' || event.kind === 'new_crew';

/** How STOP is offered in every text (Twilio and UK practice: say how to stop). */
export const STOP_LINE = 'Reply STOP to end texts.';

/** Names longer than these are cut, so the text stays in one segment. */
const MAX_FIRM = 20;
const MAX_NAME = 12;

/** At a word's end where one fits ("Shiftly Removals"), else at the limit. */
const cut = (text: string, max: number) => {
  const plain = smartEncode(text.trim()).replace(/\s+/g, ' ');
  if (plain.length <= max) return plain;
  const space = plain.lastIndexOf(' ', max);
  return (space > 0 ? plain.slice(0, space).replace(/\s+(and|&|of|the)$/i, '') : plain.slice(0, max)).trimEnd();
};

export interface TextContext {
  /** The firm's name as its e-mails name it. */
  firm: string;
  /** The customer's first name. */
  firstName: string;
}

/** The text for an event, GSM-7 only (curly quotes and dashes made plain, as Twilio's Smart Encoding does). */
export function moveText({ firm, firstName }: TextContext, event: TextedEvent): string {
  const from = `${cut(firm, MAX_FIRM)}: ${cut(firstName, MAX_NAME)},`;
  switch (event.kind) {
    case 'crew_on_way':
      return `${from} your crew (${cut(event.crew, MAX_NAME)}) are on the way and expect to arrive at about ${event.eta}. ${STOP_LINE}`;
    case 'crew_late':
      return `${from} sorry, your crew (${cut(event.crew, MAX_NAME)}) are running late and now expect to arrive at about ${event.eta}. ${STOP_LINE}`;
    case 'new_crew':
      // The day without its year (a move is within the year ahead) keeps the longest day, crew and window in one segment.
      return smartEncode(
        `${from} your move on ${formatDayMonth(event.moveDate)} has a new crew (${cut(event.crew, MAX_NAME)})${event.window ? `, arriving ${arrivalWindowLabel(event.window)}` : ''}. ${STOP_LINE}`,
      );
    case 'late_said':
      return event.eta
        ? `${from} your crew are not there yet (expected at about ${event.eta}). Sorry: our office is ringing them now. ${STOP_LINE}`
        : smartEncode(
            `${from} your arrival window (${arrivalWindowLabel(event.window ?? '')}) has started and your crew have not set off. Our office is on it. ${STOP_LINE}`,
          );
  }
}
