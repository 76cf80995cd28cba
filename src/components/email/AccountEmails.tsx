// The sign-in e-mails (customers', staff's and partners') and the one that confirms "Delete my data".
import { Headline, LinkButton, Paragraphs } from './EmailBlocks';
import { EmailLayout } from './EmailLayout';
import type { EmailFirm } from './email-props';

interface SignInProps {
  firm: EmailFirm;
  title: string;
  headline: string;
  about: string;
  action: string;
  /** Why an unexpected one is safe to ignore. */
  ignore: string;
}

export function SignInEmail({ firm, title, headline, about, action, ignore }: SignInProps) {
  return (
    <EmailLayout firm={firm} title={title}>
      <Headline>{headline}</Headline>
      <p style={{ margin: '0 0 16px' }}>{about}</p>
      <LinkButton label={action} />
      <p style={{ margin: 0, color: '#475569' }}>{ignore}</p>
    </EmailLayout>
  );
}

/** The last paragraph (call-backs cannot be matched to an address) is set quieter. */
export function DataDeletedEmail({
  firm,
  title,
  headline,
  paragraphs,
}: {
  firm: EmailFirm;
  title: string;
  headline: string;
  paragraphs: string[];
}) {
  return (
    <EmailLayout firm={firm} title={title}>
      <Headline>{headline}</Headline>
      <Paragraphs texts={paragraphs} last="quiet" />
    </EmailLayout>
  );
}
