/** Each record type's e-mail link, registered here by the feature that owns it; the outbox knows none of them. */
import { partnerSignInLinkMaker, signInLinkMaker, staffSignInLinkMaker } from './lib/account/tokens';
import type { LinkMakers } from './lib/outbox';
import { jobSheetLinkMaker } from './lib/office/crew-emails';
import { staffLinkMaker } from './lib/quote/staff-link';
import { viewLinkMaker } from './lib/view-token';

export const EMAIL_LINKS: LinkMakers = {
  quote: viewLinkMaker,
  move: viewLinkMaker,
  staff: staffLinkMaker('booking'),
  review: staffLinkMaker('review'),
  signin: signInLinkMaker,
  office: staffSignInLinkMaker,
  crew: jobSheetLinkMaker,
  partner: partnerSignInLinkMaker,
};
