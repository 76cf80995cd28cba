// A written quote sent to the customer: the customer e-mail, with what the price includes as the office typed it.
import { CustomerEmail, type CustomerEmailProps } from './CustomerEmail';
import { Heading } from './EmailBlocks';

type Props = Omit<CustomerEmailProps, 'children'> & { included: { heading: string; text: string } | null };

export function WrittenQuoteEmail({ included, ...email }: Props) {
  return (
    <CustomerEmail {...email}>
      {included && (
        <>
          <Heading>{included.heading}</Heading>
          <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{included.text}</p>
        </>
      )}
    </CustomerEmail>
  );
}
