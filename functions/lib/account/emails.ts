/** The sign-in e-mail: its link is written in as it is sent (email-draft.ts), a new one for each attempt. */
import { site } from '../../../src/site.config';
import type { MailContext } from '../config';
import { parts, VIEW_LINK, type EmailDraft } from '../email-draft';
import { layout, linkButton } from '../email-layout';
import { escapeHtml as e } from '../escape';
import { SIGN_IN_LINK_MINUTES } from '../../../src/lib/account';

export const SIGN_IN_SUBJECT = `Your ${site.brand} sign-in link`;

export function signInEmail(ctx: MailContext, to: string): EmailDraft {
  const ignore = `If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the link.`;
  return {
    from: ctx.from,
    to,
    subject: SIGN_IN_SUBJECT,
    html: layout(
      SIGN_IN_SUBJECT,
      parts`<h1 style="font-size:22px;margin:0 0 8px">Sign in to see your moves</h1>
<p style="margin:0 0 16px">Press the button to see every quote made with this e-mail address. The link works once, for ${String(SIGN_IN_LINK_MINUTES)} minutes.</p>
${linkButton(`Sign in to ${site.brand}`)}
<p style="margin:0;color:#475569">${e(ignore)}</p>`,
    ),
    text: parts`Sign in to see your moves

Open this link to see every quote made with this e-mail address. It works once, for ${String(SIGN_IN_LINK_MINUTES)} minutes:
${VIEW_LINK}

${ignore}`,
  };
}

export const DELETED_SUBJECT = `Your ${site.brand} data has been deleted`;

export function dataDeletedEmail(ctx: MailContext, to: string, deleted: { quotes: number; messages: number }): EmailDraft {
  const what = `${deleted.quotes} ${deleted.quotes === 1 ? 'quote' : 'quotes'} and ${deleted.messages} ${deleted.messages === 1 ? 'message' : 'messages'}`;
  const callbacks = `Call-back requests hold only a name and a phone number, so we cannot match them to this address: if you asked us to call you and want that deleted too, reply to this e-mail.`;
  return {
    from: ctx.from,
    to,
    subject: DELETED_SUBJECT,
    html: layout(
      DELETED_SUBJECT,
      `<h1 style="font-size:22px;margin:0 0 8px">Your data has been deleted</h1>
<p style="margin:0 0 16px">As you asked, we have deleted ${e(what)} made with this e-mail address, and signed you out everywhere.</p>
<p style="margin:0;color:#475569">${e(callbacks)}</p>`,
    ),
    text: [
      `Your data has been deleted\n\nAs you asked, we have deleted ${what} made with this e-mail address, and signed you out everywhere.\n\n${callbacks}`,
    ],
  };
}
