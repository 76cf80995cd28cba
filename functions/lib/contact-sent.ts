import { PAGE_PATHS } from '../../src/lib/api';

export const contactSentPath = (reference: string) =>
  `${PAGE_PATHS.contact}?${new URLSearchParams({ sent: '1', ref: reference })}#message-sent`;

/** The Worker answers /contact itself only after a form post (the page's address carries `sent`). */
export const isContactSent = (url: URL) => url.pathname === PAGE_PATHS.contact && url.searchParams.has('sent');
