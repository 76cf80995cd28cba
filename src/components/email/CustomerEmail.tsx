// The shape most e-mails to a customer share: a headline, paragraphs, the facts in a table, the button to their move
// page and how to reach us. What only one e-mail has goes in as children, after the table.
import type { ReactNode } from 'react';
import { ContactBlock, EmailTable, Headline, LinkButton, Paragraphs } from './EmailBlocks';
import { EmailLayout } from './EmailLayout';
import type { EmailFirm, Row } from './email-props';

export interface CustomerEmailProps {
  firm: EmailFirm;
  title: string;
  headline: string;
  paragraphs?: string[];
  rows?: Row[];
  /** The label of the button to the e-mail's own link. */
  action: string;
  children?: ReactNode;
}

export function CustomerEmail({ firm, title, headline, paragraphs = [], rows, action, children }: CustomerEmailProps) {
  return (
    <EmailLayout firm={firm} title={title}>
      <Headline>{headline}</Headline>
      <Paragraphs texts={paragraphs} />
      {rows && <EmailTable rows={rows} />}
      {children}
      <LinkButton label={action} margin="16px 0" />
      <ContactBlock firm={firm} />
    </EmailLayout>
  );
}
