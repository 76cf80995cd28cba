/**
 * The e-mail a new member of staff gets when the owner adds them (issue 40 item 7): who added them, and how to sign in.
 * It holds no link with a token: a sign-in link lasts 15 minutes, an invitation may be read days later.
 */
import { ACCOUNT_PATHS, SIGN_IN_LINK_MINUTES } from '~/lib/account';
import { STAFF_SESSION_HOURS } from '~/lib/office/staff';
import type { MailContext } from '../config';
import type { EmailDraft } from '../email-draft';
import { renderEmail } from '../email-layout';
import { headerSafe } from '../escape';
import { StaffInvitationEmail } from '~/components/email/OfficeEmails';

export function staffInvitationEmail(ctx: MailContext, member: { name: string; email: string }, addedBy: string): EmailDraft {
  const subject = headerSafe(`You have been added to the ${ctx.firm.name} office`);
  const login = `${ctx.siteUrl}${ACCOUNT_PATHS.login}`;
  const paragraphs = [
    `Hello ${member.name}, ${addedBy} has added you to the ${ctx.firm.name} office, where we run our leads, written quotes, diary and crews.`,
    `To sign in, enter this e-mail address (${member.email}) at ${login}: we e-mail you a link that works once, for ${String(SIGN_IN_LINK_MINUTES)} minutes. There is no password. You stay signed in for ${String(STAFF_SESSION_HOURS)} hours.`,
  ];
  return {
    from: ctx.from,
    to: member.email,
    subject,
    html: renderEmail(StaffInvitationEmail, {
      firm: ctx.firm,
      title: subject,
      headline: 'Welcome to the office',
      paragraphs,
      login: { label: 'Sign in to the office', url: login },
    }),
    text: [`Welcome to the office\n\n${paragraphs.join('\n\n')}`],
  };
}
