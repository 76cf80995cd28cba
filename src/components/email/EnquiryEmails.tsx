// The contact form's reply to the customer, and the office's alert about e-mails that could not be sent.
import { ContactBlock, EmailTable, Headline } from './EmailBlocks';
import { EmailLayout } from './EmailLayout';
import type { EmailFirm, Row } from './email-props';

interface ContactProps {
  firm: EmailFirm;
  title: string;
  firstName: string;
  /** When we reply ("within 1 working day"). */
  reply: string;
  reference: string;
  rows: Row[];
}

export function ContactCustomerEmail({ firm, title, firstName, reply, reference, rows }: ContactProps) {
  return (
    <EmailLayout firm={firm} title={title}>
      <Headline office gap="8px">
        Thanks, {firstName}. We have your message.
      </Headline>
      <p>
        Someone from our team will reply {reply}. Your reference is <strong>{reference}</strong>.
      </p>
      <EmailTable rows={rows} />
      <ContactBlock firm={firm} />
    </EmailLayout>
  );
}

export function UndeliveredAlertEmail({ firm, title, headline, rows }: { firm: EmailFirm; title: string; headline: string; rows: Row[] }) {
  return (
    <EmailLayout firm={firm} title={title}>
      <Headline office gap="8px">
        {headline}
      </Headline>
      <p>
        The requests are stored; please contact these customers yourselves. Run <code>npm run leads</code> or look in the database for the
        details.
      </p>
      <EmailTable rows={rows} />
    </EmailLayout>
  );
}
