// A quote request's two e-mails: the customer's (their move, the estimate, what happens next) and the office's.
import { BusinessEmail } from './BusinessEmail';
import { ContactBlock, EmailTable, Heading, Headline, LinkButton } from './EmailBlocks';
import { EmailLayout } from './EmailLayout';
import type { EmailFirm, Row } from './email-props';

/** Words the plain-text part says too. */
export const QUOTE_WORDS = {
  estimate: 'Estimated Quote',
  next: 'What happens next?',
  price: 'Price',
  notPriced: 'Not priced yet.',
} as const;

/** The estimate as a table, or why there is none yet; a service's caveat (bold) and how long the price holds below. */
export interface QuotePrice {
  title: string;
  rows: Row[] | null;
  /** Without rows: what happens instead. */
  text: string;
  caveat?: string;
  validity?: string;
}

function Caveat({ text }: { text?: string }) {
  return text ? <p style={{ margin: '8px 0 0', fontWeight: 'bold' }}>{text}</p> : null;
}

function PriceSection({ price }: { price: QuotePrice }) {
  return (
    <>
      <Heading>{price.title}</Heading>
      {price.rows ? <EmailTable rows={price.rows} totalLast /> : <p style={{ margin: 0 }}>{price.text}</p>}
      <Caveat text={price.caveat} />
      {price.rows && price.validity && <p style={{ margin: '8px 0 0' }}>{price.validity}</p>}
    </>
  );
}

interface CustomerProps {
  firm: EmailFirm;
  title: string;
  firstName: string;
  reference: string;
  action: string;
  details: Row[];
  price: QuotePrice;
  /** What the customer added, as typed. */
  notes: string | null;
  nextSteps: string[];
  /** The quote form's address. */
  quoteUrl: string;
}

export function QuoteCustomerEmail({
  firm,
  title,
  firstName,
  reference,
  action,
  details,
  price,
  notes,
  nextSteps,
  quoteUrl,
}: CustomerProps) {
  return (
    <EmailLayout firm={firm} title={title}>
      <Headline>Thanks, {firstName}. We have your quote request.</Headline>
      <p style={{ margin: '0 0 16px' }}>
        Your reference is <strong style={{ fontSize: '18px', letterSpacing: '1px' }}>{reference}</strong>. Please quote it if you get in
        touch.
      </p>
      <LinkButton label={action} />
      <Heading>Your move</Heading>
      <EmailTable rows={details} />
      <PriceSection price={price} />
      {notes && (
        <>
          <Heading>Your notes</Heading>
          <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{notes}</p>
        </>
      )}
      <Heading>{QUOTE_WORDS.next}</Heading>
      <ol style={{ margin: 0, paddingLeft: '20px' }}>
        {nextSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <ContactBlock firm={firm} />
      <p style={{ margin: '24px 0 0' }}>
        <a href={quoteUrl} style={{ color: '#1d4ed8' }}>
          Request another quote
        </a>
      </p>
    </EmailLayout>
  );
}

interface BusinessProps {
  firm: EmailFirm;
  reference: string;
  rows: Row[];
  price: { rows: Row[] | null; caveat?: string };
}

export function QuoteBusinessEmail({ firm, reference, rows, price }: BusinessProps) {
  const headline = `New quote request ${reference}`;
  return (
    <BusinessEmail firm={firm} title={headline} headline={headline} rows={rows}>
      <Heading>{QUOTE_WORDS.price}</Heading>
      {price.rows ? <EmailTable rows={price.rows} totalLast /> : <p style={{ margin: 0 }}>{QUOTE_WORDS.notPriced}</p>}
      <Caveat text={price.caveat} />
    </BusinessEmail>
  );
}
