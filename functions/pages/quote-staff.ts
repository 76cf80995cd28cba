/**
 * /quote-staff?ref=…&t=…, the staff link in a booking request's business e-mail (issue 19, item 3): GET shows the
 * move and a form; POST confirms or declines the request with a note, which moves the status on and e-mails the
 * customer and the business (lib/quote/manage.ts). The link opens only while unused (lib/quote/staff-link.ts);
 * anything else is the site's 404 page, as for a wrong quote link. The answer is the page itself, saying what was
 * done: the link is spent, so there is no page to go back to.
 */
import type { Context } from 'hono';
import { PAGE_PATHS } from '../../src/lib/api';
import { describeEvent } from '../../src/lib/move-status';
import { formatMoney } from '../../src/lib/money';
import { staffSchema } from '../../src/lib/manage-move';
import { fieldErrors, isHoneypotFilled } from '../../src/lib/schemas';
import type { AppBindings } from '../env';
import { readFormPost } from '../lib/form-post';
import { refusalJson } from '../lib/http';
import { ACCOUNT_PAGE, errorFill, filledPage, mergeFills, notFoundPage, prebuiltPage, PRIVATE_PAGE } from '../lib/prebuilt-page';
import { applyChange } from '../lib/quote/manage';
import { opensStaffLink } from '../lib/quote/staff-link';
import { findQuote } from '../lib/quote/store';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { pagePath } from '../lib/worker-paths';
import { manageFill } from './manage-fill';
import { confirmationFill } from './quote-fill';

type PageContext = Context<AppBindings>;

const MAX_STAFF_BODY = 8 * 1024;

interface StaffState {
  done?: string;
  errors?: Record<string, string>;
  general?: string;
  values?: URLSearchParams;
}

/** The quote an unused staff link opens, or null. */
async function staffQuote(c: PageContext, reference: string | null, token: string | null): Promise<StoredQuote | null> {
  if (!(await opensStaffLink(c.env.DB, reference, token)) || !reference) return null;
  return findQuote(c.env.DB, { reference });
}

async function staffPage(c: PageContext, quote: StoredQuote, token: string, status: number, state: StaffState = {}): Promise<Response> {
  const errors = state.errors ?? {};
  const problems = errorFill(errors, state.general);
  const manage = manageFill(quote, new Date());
  const fill = mergeFills(confirmationFill(quote), { text: manage.text }, problems, {
    text: {
      'price:total': quote.pricing ? formatMoney(quote.pricing.total) : 'To be priced',
      awkward: quote.moveNotes?.awkward || '—',
      items: quote.moveNotes?.items || '—',
      ...(quote.additionalInfo ? {} : { notes: '—' }),
      ...(state.done ? { done: state.done } : {}),
    },
    show: [...(quote.status === 'booking_requested' && !state.done ? ['answer'] : []), ...(state.done ? ['done'] : [])],
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
  const token = c.req.query('t') ?? null;
  const quote = await staffQuote(c, c.req.query('ref') ?? null, token);
  if (!quote || !token) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  return staffPage(c, quote, token, 200);
}

export async function answerStaffPage(c: PageContext): Promise<Response> {
  const posted = await readFormPost(c, MAX_STAFF_BODY);
  if ('refusal' in posted) return refusalJson(c, posted.refusal);
  const { values } = posted;
  const token = values.get('t');
  const quote = await staffQuote(c, values.get('ref'), token);
  if (!quote || !token) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  const body = Object.fromEntries(values);
  if (isHoneypotFilled(body)) return staffPage(c, quote, token, 200);
  const checked = staffSchema.safeParse(body);
  if (!checked.success) {
    const { note, ...others } = fieldErrors(checked.error);
    const general = Object.values(others)[0];
    return staffPage(c, quote, token, 400, { values, ...(note ? { errors: { note } } : {}), ...(general ? { general } : {}) });
  }
  const { action, note } = checked.data;
  const applied = await applyChange(c.env, quote, { action, note });
  if (!applied.ok) return staffPage(c, quote, token, 409, { values, general: applied.message });
  return staffPage(c, applied.quote, token, 200, { done: `${describeEvent(applied.event, formatMoney)}. We have e-mailed the customer.` });
}
