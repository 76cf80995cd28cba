/**
 * The review request (issue 34 item 5): once the crew reports "Job done", the customer is asked for a review on the move
 * page, where the verified-review form is (happy or not: every done job is asked, once, by its idempotency key).
 */
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { contactText, renderEmail } from '../email-layout';
import { headerSafe } from '../escape';
import { CustomerEmail } from '~/components/email/CustomerEmail';
import type { StoredQuote } from './stored-quote';
import { firstName } from './summary';

export const reviewRequestKey = (reference: string) => `move:${reference}:review-request:customer`;

export const REVIEW_REQUEST = {
  subject: 'how did it go?',
  ask: 'How did your move go? Tell us on your move page: once checked, we publish every review as a "Verified move", low ratings as well as high ones.',
  action: 'Review your move',
} as const;

export function reviewRequestEmail(ctx: MailContext, quote: StoredQuote): EmailDraft {
  const thanks = `${firstName(quote.name)}, thank you for moving with ${ctx.firm.name}.`;
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(`Your ${ctx.firm.name} move ${quote.reference}: ${REVIEW_REQUEST.subject}`),
    html: renderEmail(CustomerEmail, {
      firm: ctx.firm,
      title: `Your move ${quote.reference}`,
      headline: thanks,
      paragraphs: [REVIEW_REQUEST.ask],
      action: REVIEW_REQUEST.action,
    }),
    text: parts`${thanks}
${REVIEW_REQUEST.ask}

${REVIEW_REQUEST.action}: ${VIEW_LINK}

${contactText(ctx)}`,
  };
}
