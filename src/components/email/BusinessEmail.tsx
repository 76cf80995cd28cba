// What the office is told: a headline and the facts in a table, and where it must act, what to do and its button.
import type { ReactNode } from 'react';
import { EmailTable, Headline, LinkButton } from './EmailBlocks';
import { EmailLayout } from './EmailLayout';
import type { EmailFirm, Row } from './email-props';

interface Props {
  firm: EmailFirm;
  title: string;
  headline: string;
  rows: Row[];
  /** A staff link (confirm a booking, publish a review): the e-mail's own link. */
  action?: { lead: string; label: string };
  /** After the table (a quote's price). */
  children?: ReactNode;
}

export function BusinessEmail({ firm, title, headline, rows, action, children }: Props) {
  return (
    <EmailLayout firm={firm} title={title}>
      <Headline office>{headline}</Headline>
      <EmailTable rows={rows} />
      {children}
      {action && (
        <>
          <p style={{ margin: '16px 0' }}>{action.lead}</p>
          <LinkButton label={action.label} />
        </>
      )}
    </EmailLayout>
  );
}
