// What the office sends its own people: the crew lead's job sheet link, and a new member of staff's welcome.
import { Headline, LinkButton, PageButton, Paragraphs } from './EmailBlocks';
import { EmailLayout } from './EmailLayout';
import type { EmailFirm } from './email-props';

interface Props {
  firm: EmailFirm;
  title: string;
  headline: string;
  paragraphs: string[];
}

/** The button is the e-mail's own link: the sheet's token is made as it is sent. */
export function JobSheetEmail({ firm, title, headline, paragraphs }: Props) {
  return (
    <EmailLayout firm={firm} title={title}>
      <Headline>{headline}</Headline>
      <Paragraphs texts={paragraphs} />
      <LinkButton label="Open the job sheet" />
    </EmailLayout>
  );
}

/** No token: an invitation may be read days after a sign-in link would have lapsed, so it points at the sign-in page. */
export function StaffInvitationEmail({ firm, title, headline, paragraphs, login }: Props & { login: { label: string; url: string } }) {
  return (
    <EmailLayout firm={firm} title={title}>
      <Headline>{headline}</Headline>
      <Paragraphs texts={paragraphs} />
      <PageButton label={login.label} url={login.url} />
    </EmailLayout>
  );
}
