// An e-mail's HTML is its component's (src/components/email/, one EmailLayout), rendered by React, which escapes every
// value; its plain-text part is written beside each draft with these helpers. Subjects go through headerSafe.
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { openingHoursLine } from '~/data/promises';
import { TALK_TO_US } from '~/components/email/EmailBlocks';
import { ViewLinkPlace, type Row } from '~/components/email/email-props';
import type { MailContext } from './config';
import type { Parts } from './email-draft';

export type { Row };

/**
 * The HTML in parts, split where the component put the e-mail's own link (a `LinkButton`): a mark made for this render
 * only, so no value typed into the e-mail can make another place (email-draft.ts writes the link in as it sends).
 */
export function renderEmail<P extends object>(Email: ComponentType<P>, props: P): Parts {
  const place = `view-link-${crypto.randomUUID()}`;
  const html = renderToStaticMarkup(createElement(ViewLinkPlace.Provider, { value: place }, createElement(Email, props)));
  return `<!doctype html>${html}`.split(place);
}

export const textTable = (rows: Row[]) => rows.map(([label, value]) => `${label}: ${value}`).join('\n');

/** "Talk to us" in the plain-text part (the HTML's is `ContactBlock`). */
export const contactText = ({ firm }: Pick<MailContext, 'firm'>): string =>
  `${TALK_TO_US}\nPhone ${firm.phone.display} · E-mail ${firm.email}\n${openingHoursLine()}`;
