/**
 * The review request (issue 34 item 5): once the crew reports "Job done", the customer is asked for a review on the move
 * page, where the verified-review form is (happy or not: every done job is asked, once, by its idempotency key).
 */
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { contactBlock, layout, linkButton } from '../email-layout';
import { escapeHtml as e, headerSafe } from '../escape';
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
  const contact = contactBlock(ctx);
  return {
    from: ctx.from,
    to: quote.email,
    subject: headerSafe(`Your ${ctx.firm.name} move ${quote.reference}: ${REVIEW_REQUEST.subject}`),
    html: layout(
      ctx,
      `Your move ${quote.reference}`,
      parts`<h1 style="font-size:22px;margin:0 0 8px">${e(thanks)}</h1>
<p style="margin:0 0 16px">${e(REVIEW_REQUEST.ask)}</p>
${linkButton(REVIEW_REQUEST.action, '16px 0')}
${contact.html}`,
    ),
    text: parts`${thanks}
${REVIEW_REQUEST.ask}

${REVIEW_REQUEST.action}: ${VIEW_LINK}

${contact.text}`,
  };
}
