// What the e-mail components are given: plain data, so they never import the Worker (the drafts in functions/lib build it).
import { createContext } from 'react';

/** One line of an e-mail's table: a label and its value. */
export type Row = [label: string, value: string];

/** The firm as its e-mails name it (the owner's settings, read by the Worker). */
export interface EmailFirm {
  name: string;
  address: string;
  email: string;
  phone: { display: string; tel: string };
}

/**
 * Where the e-mail's own link goes. The renderer gives each render a new random mark and splits the HTML there, so the
 * link is written in as the e-mail is sent and nothing a customer types can become one (issue 21, F2).
 */
export const ViewLinkPlace = createContext('');
