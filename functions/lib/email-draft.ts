/**
 * An e-mail as the outbox stores it: its HTML and text in parts, with a quote's view link written between two parts
 * when it is sent (the token must not be stored, and a later attempt makes a new one). Only the templates put a link
 * there, with the `VIEW_LINK` marker: what a customer typed is always inside a part, so no text they write can
 * become a link (F2 of issue 21).
 */

/** What goes to Resend. */
export interface EmailPayload {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
}

/** Text with places for the view link: the link goes between consecutive parts (one part: no link). */
export type Parts = readonly string[];

export interface EmailDraft extends Omit<EmailPayload, 'html' | 'text'> {
  html: Parts;
  text: Parts;
}

/** Where a template puts the view link. */
export const VIEW_LINK: unique symbol = Symbol('view link');

/** A template literal whose `${VIEW_LINK}` places become links at send time; nested parts keep their places. */
export function parts(strings: TemplateStringsArray, ...values: Array<string | Parts | typeof VIEW_LINK>): Parts {
  const out = [strings[0]!];
  values.forEach((value, i) => {
    if (value === VIEW_LINK) out.push('');
    else if (typeof value === 'string') out[out.length - 1] += value;
    else {
      out[out.length - 1] += value[0] ?? '';
      out.push(...value.slice(1));
    }
    out[out.length - 1] += strings[i + 1]!;
  });
  return out;
}

/** A draft whose bodies have no place for a link. */
export const plainDraft = (email: EmailPayload): EmailDraft => ({ ...email, html: [email.html], text: [email.text] });

export const needsLink = (draft: EmailDraft): boolean => draft.html.length > 1 || draft.text.length > 1;

/** The e-mail to send: the link (already HTML-escaped for `html`) written into every place. */
export const withLink = (draft: EmailDraft, link: { html: string; text: string }): EmailPayload => ({
  ...draft,
  html: draft.html.join(link.html),
  text: draft.text.join(link.text),
});

/** A stored draft; rows written before drafts had parts hold plain strings. */
export function readDraft(json: string): EmailDraft {
  const stored = JSON.parse(json) as Omit<EmailDraft, 'html' | 'text'> & { html: string | Parts; text: string | Parts };
  const asParts = (value: string | Parts): Parts => (typeof value === 'string' ? [value] : value);
  return { ...stored, html: asParts(stored.html), text: asParts(stored.text) };
}

/** A draft with no place for a link, as sent. */
export function withoutLink(draft: EmailDraft): EmailPayload {
  if (needsLink(draft)) throw new Error('this e-mail needs its view link');
  return withLink(draft, { html: '', text: '' });
}
