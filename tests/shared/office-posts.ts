/**
 * The office's and the customer's own form posts, over HTTP as their browsers send them, for tests that need a move
 * with an accepted written quote or booked in the diary (the API tests and the Playwright specs alike): the owner sends
 * a written quote, the customer accepts it from the move page (which answers with Stripe Checkout for the deposit), the
 * owner adds a crew and a van and books the move. `site.session` is the owner's staff cookie (tests/api/office.ts
 * `ownerCookie()`, or the Playwright run's `siteEnv('ownerSession')`). Each helper throws when the site refuses.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { PAGE_PATHS } from '../../src/lib/api';
import { DIARY_BOOK_PATH } from '../../src/lib/office/diary-forms';
import { OFFICE_PATHS } from '../../src/lib/office/paths';
import { STAFF_COOKIE } from './office-sign-in';

export interface Site {
  /** The site's origin, e.g. http://127.0.0.1:8788. */
  base: string;
  /** The owner's staff session cookie value. */
  session: string;
}

/** A move as the customer holds it: its reference and the move page's token. */
export interface CustomerMove {
  reference: string;
  token: string;
}

const FORM = 'application/x-www-form-urlencoded';

/** A plain form post from the site's own pages; `session` adds the staff cookie. */
export const formPost = (base: string, path: string, fields: URLSearchParams | Record<string, string>, session?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': FORM, Origin: base, ...(session ? { Cookie: `${STAFF_COOKIE}=${session}` } : {}) },
    body: new URLSearchParams(fields).toString(),
  });

async function expectSeeOther(response: Response, what: string): Promise<URL> {
  const body = await response.text();
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) {
    // A refused form's messages say why; the page's start says little.
    const messages = [...body.matchAll(/data-fill="error:([\w.-]+)"[^>]*>([^<]+)</g)].map(([, field, text]) => `${field}: ${text!.trim()}`);
    throw new Error(`${what} answered ${response.status}: ${messages.length ? messages.join('; ') : body.slice(0, 300)}`);
  }
  return new URL(location, response.url);
}

export interface WrittenQuoteSent {
  /** Each line's words and amount in pounds, as typed into the office's form. */
  lines: Array<[string, string]>;
  /** In pounds; empty for the site's usual share. */
  deposit?: string;
  validUntil?: string;
  /** Ticks "The price depends on the date". */
  datePriced?: boolean;
  /** "What is included", as typed. */
  included?: string;
  /** The job's street addresses typed in the same form (`fromAddress`, `fromTown`…): sent only with both in full. */
  addresses?: Record<string, string>;
}

/** The office writes the quote and presses "Send to the customer" (functions/office/written-quotes.ts). */
export async function sendWrittenQuote(site: Site, reference: string, sent: WrittenQuoteSent): Promise<void> {
  const form = new URLSearchParams({ ref: reference });
  for (const [label, amount] of sent.lines) {
    form.append('label', label);
    form.append('amount', amount);
  }
  form.set('deposit', sent.deposit ?? '');
  // Empty: the office's usual last day, 28 days on or the move date if sooner.
  form.set('validUntil', sent.validUntil ?? '');
  form.set('included', sent.included ?? '');
  if (sent.datePriced) form.set('datePriced', 'yes');
  for (const [name, value] of Object.entries(sent.addresses ?? {})) form.set(name, value);
  form.set('action', 'send');
  await expectSeeOther(await formPost(site.base, OFFICE_PATHS.writtenQuote, form, site.session), 'sending the written quote');
}

/** The customer presses "Accept this quote" on the move page: the raw answer (303 to Checkout, or a refusal). */
export const postAcceptQuote = (base: string, move: CustomerMove, version = '1') =>
  formPost(base, PAGE_PATHS.confirmation, { ref: move.reference, t: move.token, action: 'accept-quote', version });

/** Accepted: the Stripe Checkout page for the deposit the customer was sent to. */
export const acceptWrittenQuote = async (base: string, move: CustomerMove, version = '1'): Promise<URL> =>
  expectSeeOther(await postAcceptQuote(base, move, version), 'accepting the written quote');

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const textOf = (node: Node): string =>
  node.nodeName === '#text' && 'value' in node ? node.value : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  for (const child of 'childNodes' in node ? node.childNodes : []) yield* elements(child);
}

/** The value of the option a person would pick by its words, in the select called `name`. */
function optionValue(html: string, name: string, label: string): string {
  const select = [...elements(parse(html))].find((element) => element.tagName === 'select' && attr(element, 'name') === name);
  const option = select && [...elements(select)].find((element) => element.tagName === 'option' && textOf(element).trim() === label);
  const value = option && attr(option, 'value');
  if (!value) throw new Error(`no ${name} called "${label}" to choose on the diary's booking form`);
  return value;
}

export interface DiaryBooking {
  /** A crew lead's full name no other test uses (the form's crews are told apart by it). */
  crewLead: string;
  crewSize: number;
  /** The crew lead's mobile, for the office's to-do when the crew are late (issue 44 item 3). */
  crewPhone?: string;
  /** A van's name no other test uses. */
  van: string;
  /** A key of the diary's ARRIVAL_WINDOWS, e.g. '08-10'. */
  window: string;
  /** Why a move no paid deposit has booked is booked (issue 40 item 4); a default one unless given. */
  unpaidReason?: string;
  /** Why the day is booked though full: asked only of a full day (another test's, in a shared D1). */
  override?: string;
}

/**
 * The owner adds the crew and the van (functions/office/diary.ts), opens the diary at the move's day, picks them on the
 * move's booking form and books it. The move's date must be one only this test uses (tests/shared/diary-days.ts).
 */
export async function bookInDiary(site: Site, move: { reference: string; moveDate: string }, booking: DiaryBooking): Promise<void> {
  const owner = (fields: Record<string, string>, what: string, path: string = OFFICE_PATHS.diary) =>
    formPost(site.base, path, fields, site.session).then((response) => expectSeeOther(response, what));
  await owner(
    {
      action: 'add-crew',
      leadName: booking.crewLead,
      size: String(booking.crewSize),
      ...(booking.crewPhone ? { leadPhone: booking.crewPhone } : {}),
    },
    'adding a crew',
  );
  await owner({ action: 'add-van', vanName: booking.van, vanSize: 'luton' }, 'adding a van');
  const page = await fetch(`${site.base}${OFFICE_PATHS.diary}?${new URLSearchParams({ from: move.moveDate, ref: move.reference })}`, {
    headers: { Cookie: `${STAFF_COOKIE}=${site.session}` },
  });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the diary answered ${page.status}`);
  await owner(
    {
      ref: move.reference,
      intent: 'book',
      crew: optionValue(html, 'crew', `${booking.crewLead}, crew of ${booking.crewSize}`),
      van: optionValue(html, 'van', `${booking.van}, Luton van`),
      window: booking.window,
      // Only a move no paid deposit has booked needs it (issue 40 item 4); a booked one ignores it.
      unpaidReason: booking.unpaidReason ?? 'Booked by phone: the customer pays on the day',
      ...(booking.override ? { override: booking.override } : {}),
    },
    'booking the move in the diary',
    DIARY_BOOK_PATH,
  );
}
