// What a driver who applies to be a partner gets (issue 43): the application received, the decision, expiry reminders.
import { Headline, PageButton, Paragraphs } from './EmailBlocks';
import { EmailLayout } from './EmailLayout';
import type { EmailFirm } from './email-props';

interface Props {
  firm: EmailFirm;
  title: string;
  headline: string;
  paragraphs: string[];
  /** A page to open (the sign-in page, the partner page): never a token, as the e-mail may be read days later. */
  page?: { label: string; url: string };
}

export function PartnerEmail({ firm, title, headline, paragraphs, page }: Props) {
  return (
    <EmailLayout firm={firm} title={title}>
      <Headline>{headline}</Headline>
      <Paragraphs texts={paragraphs} />
      {page && <PageButton label={page.label} url={page.url} />}
    </EmailLayout>
  );
}
