// The staff links in the business e-mails (issue 19) open only while unused and only for their purpose; anything else is
// the site's 404. A POST is answered with the page itself: the link is spent, so there is no page to redirect to.
import type { Context } from 'hono';
import { PAGE_PATHS } from '~/lib/api';
import { STAFF_REASON_MESSAGE, staffSchema } from '~/lib/manage-move';
import type * as z from 'zod/mini';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { pageAsSent } from '../lib/page-policy';
import { requestNow } from '../lib/clock';
import { refusalJson, type Refusal } from '../lib/http';
import { formRoute, perClientForm } from '../lib/pipeline';
import { fromOwnNoReferrerPage } from '../lib/same-origin';
import { notFoundPage, PRIVATE_PAGE } from '../lib/prebuilt-page';
import { applyChange, decideReview } from '../lib/quote/manage';
import { auditStatement, STAFF_LINK_ACTOR } from '../lib/office/audit';
import { staffLinkPurpose } from '../lib/quote/staff-link';
import { findQuote } from '../lib/quote/store';
import { eventLine } from '../lib/quote/summary';
import { pagePath } from '../lib/worker-paths';
import type { StaffLink, StaffState } from './staff-view';

type PageContext = Context<AppBindings>;

const MAX_STAFF_BODY = 8 * 1024;

/** Which buttons each link may press. */
const ACTIONS: Record<StaffLink['purpose'], readonly string[]> = { booking: ['confirm', 'decline'], review: ['publish', 'withhold'] };

async function openStaffLink(c: PageContext, reference: string | null, token: string | null): Promise<StaffLink | null> {
  const purpose = await staffLinkPurpose(c.env.DB, reference, token, requestNow(c));
  if (!purpose || !reference || !token) return null;
  const quote = await findQuote(c.env.DB, { reference });
  return quote ? { quote, token, purpose } : null;
}

/** What src/pages/quote-staff.astro is handed. */
export interface StaffPageRequest {
  link: StaffLink;
  state: StaffState;
}

const staffPage = async (c: PageContext, link: StaffLink, status: number, state: StaffState = {}): Promise<Response> =>
  pageAsSent(
    c.env,
    c.req.url,
    await astroPageAt(c, PAGE_PATHS.staff, { link, state } satisfies StaffPageRequest, { status, headers: PRIVATE_PAGE }),
  );

export async function showStaffPage(c: PageContext): Promise<Response> {
  if (pagePath(new URL(c.req.url).pathname) !== PAGE_PATHS.staff) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  const link = await openStaffLink(c, c.req.query('ref') ?? null, c.req.query('t') ?? null);
  return link ? staffPage(c, link, 200) : notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
}

/** The link's page again (400): the note's and reason's messages by them, any other at the top, what was typed kept. */
function refusedFields(c: PageContext, link: StaffLink, fields: Record<string, string>, values: URLSearchParams): Promise<Response> {
  const { note, reason, ...others } = fields;
  const general = Object.values(others)[0];
  const errors = { ...(note ? { note } : {}), ...(reason ? { reason } : {}) };
  return staffPage(c, link, 400, { values, ...(note || reason ? { errors } : {}), ...(general ? { general } : {}) });
}

async function answer(c: PageContext, form: z.output<typeof staffSchema>, values: URLSearchParams): Promise<Response> {
  const link = await openStaffLink(c, values.get('ref'), values.get('t'));
  if (!link) return notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
  if (!ACTIONS[link.purpose].includes(form.action)) return refusedFields(c, link, { form: 'This link cannot do that.' }, values);
  const { action, note, reason } = form;
  // A booking request is answered with a written quote, whose deposit books the move; confirmed here, staff say why.
  if (action === 'confirm' && !reason) return staffPage(c, link, 400, { values, errors: { reason: STAFF_REASON_MESSAGE } });
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
  const booked = action === 'confirm' && reason;
  const audit = booked
    ? [
        auditStatement(
          c.env.DB,
          {
            actor: STAFF_LINK_ACTOR,
            action: 'booked_without_deposit',
            reference: link.quote.reference,
            detail: `Booked with no deposit paid: ${reason}`,
          },
          now,
          { afterChange: true },
        ),
      ]
    : [];
  const applied = await applyChange(c.env, link.quote, { action, note, ...(booked ? { reason } : {}) }, now, audit);
  if (!applied.ok) return staffPage(c, link, 409, { values, general: applied.message });
  return staffPage(c, { ...link, quote: applied.quote }, 200, {
    done: `${eventLine(applied.quote, applied.event)}. We have e-mailed the customer.`,
  });
}

/** A staff link's buttons: a refusal of the pipeline is the error shape (only a crafted request meets one). */
export const answerStaffPage = formRoute(
  {
    maxBytes: MAX_STAFF_BODY,
    origin: fromOwnNoReferrerPage,
    limit: perClientForm(),
    schema: staffSchema,
    // Invalid fields: the link's page with the messages (a post that opens no link: the 404); any other refusal only
    // a crafted request meets, in the error shape.
    page: async (c: PageContext, refusal: Refusal, typed: URLSearchParams) => {
      if (!refusal.error.fields) return refusalJson(c, refusal);
      const link = await openStaffLink(c, typed.get('ref'), typed.get('t'));
      return link ? refusedFields(c, link, refusal.error.fields, typed) : notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
    },
    decoy: async (c: PageContext, _body, typed) => {
      const link = await openStaffLink(c, typed.get('ref'), typed.get('t'));
      return link ? staffPage(c, link, 200) : notFoundPage(c.env, c.req.url, PRIVATE_PAGE);
    },
  },
  answer,
);
