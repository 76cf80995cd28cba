// Stored in parts, with the view link written between them as it is sent: its token must not be stored, and each attempt
// makes a new one. Only a text template's `VIEW_LINK` or a component's `LinkButton` (renderEmail) makes a place, so
// nothing a customer types can become a link (F2, issue 21).

import { escapeAttribute } from 'entities/lib/escape.js';

/** What goes to Resend. */
export interface EmailPayload {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
}

/** The link goes between consecutive parts (one part: no link). */
export type Parts = readonly string[];

export interface EmailDraft extends Omit<EmailPayload, 'html' | 'text'> {
  html: Parts;
  text: Parts;
}

export const VIEW_LINK: unique symbol = Symbol('view link');

/** Nested parts keep their places. */
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

export const plainDraft = (email: EmailPayload): EmailDraft => ({ ...email, html: [email.html], text: [email.text] });

export const needsLink = (draft: EmailDraft): boolean => draft.html.length > 1 || draft.text.length > 1;

/** A made link as `withLink` writes it in: its HTML stands in a button's `href`, escaped as an attribute. */
export const linkFor = (url: string): { html: string; text: string } => ({ html: escapeAttribute(url), text: url });

/** `link.html` must already be HTML-escaped (`linkFor`). */
export const withLink = (draft: EmailDraft, link: { html: string; text: string }): EmailPayload => ({
  ...draft,
  html: draft.html.join(link.html),
  text: draft.text.join(link.text),
});

/** Rows written before drafts had parts hold plain strings. */
export function readDraft(json: string): EmailDraft {
  const stored = JSON.parse(json) as Omit<EmailDraft, 'html' | 'text'> & { html: string | Parts; text: string | Parts };
  const asParts = (value: string | Parts): Parts => (typeof value === 'string' ? [value] : value);
  return { ...stored, html: asParts(stored.html), text: asParts(stored.text) };
}

export function withoutLink(draft: EmailDraft): EmailPayload {
  if (needsLink(draft)) throw new Error('this e-mail needs its view link');
  return withLink(draft, { html: '', text: '' });
}

/** An e-mail's link, made as it is sent (`html` already escaped); `insert` stores its token's hash before the send. */
export interface MadeLink {
  html: string;
  text: string;
  insert: D1PreparedStatement;
}

/** Each record type brings its own (functions/email-links.ts), so the outbox knows no feature. */
export type LinkMaker = (db: D1Database, email: { reference: string; to: string }, siteUrl: string, now: Date) => Promise<MadeLink>;
