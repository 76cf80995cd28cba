/** The e-mails a partner driver gets (issue 43): each a draft with its plain text and its HTML from PartnerEmail. */
import { PartnerEmail } from '~/components/email/PartnerEmails';
import { ACCOUNT_PATHS } from '~/lib/account';
import { formatLongDate } from '~/lib/dates';
import { PARTNER_PATHS, PARTNER_SESSION_DAYS } from '~/lib/partners/apply';
import { sessionAbout, signInDraft } from '../account/emails';
import type { MailContext } from '../config';
import type { EmailDraft } from '../email-draft';
import { contactText, renderEmail } from '../email-layout';
import { headerSafe } from '../escape';

function partnerDraft(
  ctx: MailContext,
  to: string,
  subject: string,
  headline: string,
  paragraphs: string[],
  page?: { label: string; url: string },
): EmailDraft {
  const title = headerSafe(subject);
  return {
    from: ctx.from,
    to,
    subject: title,
    html: renderEmail(PartnerEmail, { firm: ctx.firm, title, headline, paragraphs, ...(page ? { page } : {}) }),
    text: [`${headline}\n\n${paragraphs.join('\n\n')}${page ? `\n\n${page.label}: ${page.url}` : ''}\n\n${contactText(ctx)}`],
  };
}

export function applicationReceivedEmail(ctx: MailContext, applicant: { name: string; email: string }, reference: string): EmailDraft {
  return partnerDraft(ctx, applicant.email, `We have your application to drive with ${ctx.firm.name}`, 'Application received', [
    `Hello ${applicant.name}, thank you for applying to take moves with ${ctx.firm.name}. Your reference is ${reference}.`,
    'We now check your licence, insurance and MOT documents. We e-mail you when we have decided, and if we approve you, we tell you how to sign in to your partner page.',
    'Your documents are kept private: only our office staff can open them.',
  ]);
}

/** The partner's sign-in link: one use, 15 minutes, written in as it is sent (the 'partner' record type's link maker). */
export const partnerSignInEmail = (ctx: MailContext, to: string): EmailDraft =>
  signInDraft(ctx, to, {
    subject: `Sign in to your ${ctx.firm.name} partner page`,
    headline: 'Sign in to your partner page',
    about: sessionAbout(`on this device for ${String(PARTNER_SESSION_DAYS)} days`),
    action: 'Sign in',
  });

export function approvedEmail(ctx: MailContext, partner: { name: string; email: string }): EmailDraft {
  const login = `${ctx.siteUrl}${ACCOUNT_PATHS.login}`;
  return partnerDraft(
    ctx,
    partner.email,
    `You are approved to take moves with ${ctx.firm.name}`,
    'You are approved',
    [
      `Hello ${partner.name}, we have checked your documents and approved you as a ${ctx.firm.name} partner.`,
      `To sign in, enter this e-mail address (${partner.email}) at ${login}: we e-mail you a link that works once. There is no password. On your partner page, set the days you can work.`,
    ],
    { label: 'Sign in', url: login },
  );
}

export function refusedEmail(ctx: MailContext, applicant: { name: string; email: string }, reason: string): EmailDraft {
  return partnerDraft(ctx, applicant.email, `Your application to drive with ${ctx.firm.name}`, 'We cannot approve your application', [
    `Hello ${applicant.name}, thank you for applying. We have checked your application and cannot approve it. The reason:`,
    reason,
    'If something has changed, you are welcome to apply again with new documents.',
  ]);
}

export function expiryReminderEmail(
  ctx: MailContext,
  partner: { name: string; email: string },
  document: { label: string; expiresOn: string },
  days: number,
): EmailDraft {
  return partnerDraft(
    ctx,
    partner.email,
    `Your ${document.label.toLowerCase()} expires in ${days} days`,
    `${document.label}: ${days} days left`,
    [
      `Hello ${partner.name}, your ${document.label.toLowerCase()} expires on ${formatLongDate(document.expiresOn)}.`,
      'Please upload the new one on your partner page before then. If it lapses, you are paused automatically and get no jobs until we have approved the new one.',
    ],
    { label: 'Open your partner page', url: `${ctx.siteUrl}${PARTNER_PATHS.home}` },
  );
}

export function suspendedEmail(ctx: MailContext, partner: { name: string; email: string }, lapsed: string[]): EmailDraft {
  return partnerDraft(
    ctx,
    partner.email,
    `You are paused: your ${lapsed.join(' and ').toLowerCase()} has lapsed`,
    'You are paused',
    [
      `Hello ${partner.name}, your ${lapsed.join(' and ').toLowerCase()} has lapsed, so you get no jobs for now.`,
      'Upload the new document on your partner page: once we have approved it, you can take jobs again.',
    ],
    { label: 'Open your partner page', url: `${ctx.siteUrl}${PARTNER_PATHS.home}` },
  );
}
