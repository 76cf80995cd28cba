/**
 * The sign-in e-mails, every role's (customer, office, partner): the link is written in as each is sent (email-draft.ts),
 * a new one for each attempt.
 */
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { renderEmail, textTable, type Row } from '../email-layout';
import { headerSafe } from '../escape';
import { DataDeletedEmail, SignInEmail } from '~/components/email/AccountEmails';
import { BusinessEmail } from '~/components/email/BusinessEmail';
import { SIGN_IN_LINK_MINUTES } from '~/lib/account';
import { STAFF_SESSION_HOURS } from '~/lib/office/staff';
import { formatLongDate } from '~/lib/dates';
import { ERASURE_TEXT, movesPhrase } from '~/lib/erasure';
import type { Erasure } from '~/lib/erasure';

const signInSubject = (name: string) => `Your ${name} sign-in link`;

export interface SignInWords {
  subject: string;
  headline: string;
  /** What the link does, beside the HTML's button. */
  about: string;
  /** The same above the text's bare link, where it differs (the customer's "Open this link …:"). */
  textAbout?: string;
  /** The button's label. */
  action: string;
}

/** What a role's session keeps: "The link works once, for 15 minutes, and keeps you signed in <kept>." */
export const sessionAbout = (kept: string) =>
  `The link works once, for ${String(SIGN_IN_LINK_MINUTES)} minutes, and keeps you signed in ${kept}.`;

/**
 * Every role's sign-in e-mail (one session system for every role): the role's words, one button in the HTML, the bare
 * link in the text, and why an unexpected one is safe to ignore.
 */
export function signInDraft(ctx: MailContext, to: string, words: SignInWords): EmailDraft {
  const subject = headerSafe(words.subject);
  const ignore = `If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the link.`;
  const { headline, about, action } = words;
  return {
    from: ctx.from,
    to,
    subject,
    html: renderEmail(SignInEmail, { firm: ctx.firm, title: subject, headline, about, action, ignore }),
    text: parts`${headline}

${words.textAbout ?? about}
${VIEW_LINK}

${ignore}`,
  };
}

export const signInEmail = (ctx: MailContext, to: string): EmailDraft =>
  signInDraft(ctx, to, {
    subject: signInSubject(ctx.firm.name),
    headline: 'Sign in to see your moves',
    about: `Press the button to see every quote made with this e-mail address. The link works once, for ${String(SIGN_IN_LINK_MINUTES)} minutes.`,
    textAbout: `Open this link to see every quote made with this e-mail address. It works once, for ${String(SIGN_IN_LINK_MINUTES)} minutes:`,
    action: `Sign in to ${ctx.firm.name}`,
  });

/** The staff link (issue 33): the same one-use, 15-minute link, opening a 12-hour office session. */
export const officeSignInEmail = (ctx: MailContext, to: string): EmailDraft =>
  signInDraft(ctx, to, {
    subject: `Sign in to the ${ctx.firm.name} office`,
    headline: 'Sign in to the office',
    about: sessionAbout(`to the office for ${String(STAFF_SESSION_HOURS)} hours`),
    action: 'Sign in to the office',
  });

const deletedSubject = (name: string) => `Your ${name} data has been deleted`;

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** The e-mail's paragraphs, the same in its HTML and its text. */
function deletedParagraphs(erasure: Erasure): string[] {
  const callbacks = `Call-back requests hold only a name and a phone number, so we cannot match them to this address: if you asked us to call you and want that deleted too, reply to this e-mail.`;
  return [
    `As you asked, we have deleted ${count(erasure.quotes, 'quote')} and ${count(erasure.messages, 'message')} made with this e-mail address, any quote form answers we were holding for you and your referral code, and signed you out everywhere.`,
    ...(erasure.kept.length
      ? [`We have kept your booked ${movesPhrase(erasure.kept)}. ${ERASURE_TEXT.keptWhy}`, ERASURE_TEXT.keptAfter]
      : []),
    ...(erasure.withdrawn.length ? [`Your booking request for ${movesPhrase(erasure.withdrawn)}: ${ERASURE_TEXT.withdrawn}`] : []),
    callbacks,
  ];
}

export function dataDeletedEmail(ctx: MailContext, to: string, erasure: Erasure): EmailDraft {
  const subject = headerSafe(deletedSubject(ctx.firm.name));
  const paragraphs = deletedParagraphs(erasure);
  return {
    from: ctx.from,
    to,
    subject,
    html: renderEmail(DataDeletedEmail, { firm: ctx.firm, title: subject, headline: 'Your data has been deleted', paragraphs }),
    text: [`Your data has been deleted\n\n${paragraphs.join('\n\n')}`],
  };
}

/** To the business: every booking an erasure touched, by reference and date only (the rest of a withdrawn one is gone). */
export function erasureBusinessEmail(ctx: MailContext, erasure: Erasure): EmailDraft {
  const references = [...erasure.kept, ...erasure.withdrawn].map((move) => move.reference).join(', ');
  const subject = headerSafe(`${references}: the customer deleted their data`);
  const rows: Row[] = [
    ...erasure.kept.map((move): Row => [
      move.reference,
      `Booked for ${formatLongDate(move.moveDate)}: KEPT. Carry out this move as booked. Its record and the customer's details stay until the move is done; everything else of theirs is deleted.`,
    ]),
    ...erasure.withdrawn.map((move): Row => [
      move.reference,
      `Booking requested for ${formatLongDate(move.moveDate)}: WITHDRAWN. It was not confirmed, so nothing is arranged; the request and its staff link are deleted. Do not arrange this move.`,
    ]),
  ];
  const title = 'A customer deleted their data';
  return {
    from: ctx.from,
    to: ctx.business,
    subject,
    html: renderEmail(BusinessEmail, { firm: ctx.firm, title: subject, headline: title, rows }),
    text: [`${title}\n\n${textTable(rows)}`],
  };
}
