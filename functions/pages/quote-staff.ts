// The staff links in the business e-mails (issue 19) open only while unused and only for their purpose; anything else is
// the site's 404. A POST is answered with the page itself: the link is spent, so there is no page to redirect to.
import type { Context } from 'hono';
import { PAGE_PATHS } from '../../src/lib/api';
import { formatMoney } from '../../src/lib/money';
import { payLine } from '../../src/lib/price-lines';
import { priceToPay } from '../../src/lib/price-to-pay';
import { staffSchema } from '../../src/lib/manage-move';
import { fieldErrors, isHoneypotFilled } from '../../src/lib/schemas';
import type { AppBindings } from '../env';
import { requestNow } from '../lib/clock';
import { readFormPost } from '../lib/form-post';
import { refusalJson } from '../lib/http';
import { ACCOUNT_PAGE, errorFill, filledPage, mergeFills, notFoundPage, prebuiltPage, PRIVATE_PAGE } from '../lib/prebuilt-page';
import { applyChange, decideReview, reviewOf } from '../lib/quote/manage';
import { staffLinkPurpose, type StaffPurpose } from '../lib/quote/staff-link';
import { findQuote } from '../lib/quote/store';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { eventLine } from '../lib/quote/summary';
import { pagePath } from '../lib/worker-paths';
import { manageFill } from './manage-fill';
import { confirmationFill } from './quote-fill';

type PageContext = Context<AppBindings>;

const MAX_STAFF_BODY = 8 * 1024;

/** Which buttons each link may press. */
const ACTIONS: Record<StaffPurpose, readonly string[]> = { booking: ['confirm', 'decline'], review: ['publish', 'withhold'] };

interface StaffLink {
  quote: StoredQuote;
  token: string;
  purpose: StaffPurpose;
}

interface StaffState {
  done?: string;
  errors?: Record<string, string>;
  general?: string;
  values?: URLSearchParams;
}

async function openStaffLink(c: PageContext, reference: string | null, token: string | null): Promise<StaffLink | null> {
  const purpose = await staffLinkPurpose(c.env.DB, reference, token, requestNow(c));
  if (!purpose || !reference || !token) return null;
  const quote = await findQuote(c.env.DB, { reference });
  return quote ? { quote, token, purpose } : null;
}

async function staffPage(c: PageContext, link: StaffLink, status: number, state: StaffState = {}): Promise<Response> {
  const { quote, token, purpose } = link;
  const errors = state.errors ?? {};
  const problems = errorFill(errors, state.general);
  const manage = manageFill(quote, requestNow(c));
  const review = purpose === 'review' ? await reviewOf(c.env.DB, quote.reference) : null;
  const open = !state.done;
  const pay = priceToPay(quote);
  const fill = mergeFills(confirmationFill(quote), { text: manage.text }, problems, {
    text: {
      'price:total': quote.pricing ? formatMoney(quote.pricing.total) : 'To be priced',
      // What the customer was promised: the estimate less their code, as every e-mail and page says it.
      'to-pay': pay ? payLine(pay) : 'To be priced',
      awkward: quote.moveNotes?.awkward || '—',
      items: quote.moveNotes?.items || '—',
      ...(quote.additionalInfo ? {} : { notes: '—' }),
      ...(review ? { 'review:rating': `${review.rating} out of 5`, 'review:text': review.text, 'review:name': review.name } : {}),
      ...(state.done ? { done: state.done } : {}),
    },
    show: [
      ...(open && purpose === 'booking' && quote.status === 'booking_requested' ? ['answer'] : []),
      ...(review ? ['review'] : []),
      ...(open && review?.status === 'pending' ? ['review-answer'] : []),
      ...(state.done ? ['done'] : []),
    ],
  });
  const values = state.values ?? new URLSearchParams();
  values.set('ref', quote.reference);
  values.set('t', token);
  const hasErrors = Object.keys(errors).length > 0 || !!state.general;
  const focus = hasErrors ? 'errors' : state.done ? 'done' : undefined;
  return filledPage(
    await prebuiltPage(c.env, c.req.url, PAGE_PATHS.staff),
    { ...fill, form: { values, errors }, hasErrors, focus },
    status,
    ACCOUNT_PAGE,
  );
}

export async function showStaffPage(c: PageContext): Promise<Response> {
  if (pagePath(new URL(c.req.url).pathname) !== PAGE_PATHS.staff) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  const link = await openStaffLink(c, c.req.query('ref') ?? null, c.req.query('t') ?? null);
  return link ? staffPage(c, link, 200) : notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
}

export async function answerStaffPage(c: PageContext): Promise<Response> {
  const posted = await readFormPost(c, MAX_STAFF_BODY);
  if ('refusal' in posted) return refusalJson(c, posted.refusal);
  const { values } = posted;
  const link = await openStaffLink(c, values.get('ref'), values.get('t'));
  if (!link) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  const body = Object.fromEntries(values);
  if (isHoneypotFilled(body)) return staffPage(c, link, 200);
  const checked = staffSchema.safeParse(body);
  if (!checked.success || !ACTIONS[link.purpose].includes(checked.data.action)) {
    const { note, ...others } = checked.success ? {} : fieldErrors(checked.error);
    const general = Object.values(others)[0] ?? (checked.success ? 'This link cannot do that.' : undefined);
    return staffPage(c, link, 400, { values, ...(note ? { errors: { note } } : {}), ...(general ? { general } : {}) });
  }
  const { action, note } = checked.data;
  const now = requestNow(c);
  if (action === 'publish' || action === 'withhold') {
    const decided = await decideReview(c.env.DB, link.quote.reference, action === 'publish', now);
    if (!decided) return staffPage(c, link, 409, { general: 'This review has already been answered.' });
    const done =
      action === 'publish'
        ? 'Published: the review is on our reviews page as a verified move.'
        : 'Withheld: the review will not be published.';
    return staffPage(c, link, 200, { done });
  }
  const applied = await applyChange(c.env, link.quote, { action, note }, now);
  if (!applied.ok) return staffPage(c, link, 409, { values, general: applied.message });
  return staffPage(c, { ...link, quote: applied.quote }, 200, {
    done: `${eventLine(applied.quote, applied.event)}. We have e-mailed the customer.`,
  });
}
