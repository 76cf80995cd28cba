// The pieces e-mails are made of: headlines, paragraphs, the label and value table, buttons, "Talk to us".
import { useContext, type ReactNode } from 'react';
import { openingHoursLine } from '~/data/promises';
import { ViewLinkPlace, type EmailFirm, type Row } from './email-props';

/** A customer's e-mail opens at 22 px, the office's at 20 px. */
export function Headline({
  children,
  office = false,
  gap = office ? '16px' : '8px',
}: {
  children: ReactNode;
  office?: boolean;
  gap?: string;
}) {
  return <h1 style={{ fontSize: office ? '20px' : '22px', margin: `0 0 ${gap}` }}>{children}</h1>;
}

export function Paragraphs({ texts, last }: { texts: string[]; last?: 'quiet' }) {
  return texts.map((text, i) => {
    const quiet = last === 'quiet' && i === texts.length - 1;
    return (
      <p key={i} style={quiet ? { margin: 0, color: '#475569' } : { margin: '0 0 16px' }}>
        {text}
      </p>
    );
  });
}

export function Heading({ children }: { children: ReactNode }) {
  return <h2 style={{ fontSize: '16px', margin: '24px 0 8px' }}>{children}</h2>;
}

const TOTAL = { borderTop: '1px solid #cbd5e1', fontWeight: 'bold', color: '#0f172a' } as const;

/** `totalLast` sets the final row in bold above a rule (price breakdowns). */
export function EmailTable({ rows, totalLast = false }: { rows: Row[]; totalLast?: boolean }) {
  return (
    <table style={{ width: '100%', borderCollapse: 'collapse' }}>
      <tbody>
        {rows.map(([label, value], i) => {
          const total = totalLast && i === rows.length - 1 ? TOTAL : {};
          return (
            <tr key={i}>
              <th
                style={{
                  textAlign: 'left',
                  padding: '6px 8px 6px 0',
                  verticalAlign: 'top',
                  color: '#475569',
                  fontWeight: 'normal',
                  width: '40%',
                  ...total,
                }}
              >
                {label}
              </th>
              <td style={{ padding: '6px 0', whiteSpace: 'pre-wrap', ...total }}>{value}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const BUTTON = {
  display: 'inline-block',
  background: '#1d4ed8',
  color: '#ffffff',
  padding: '10px 16px',
  borderRadius: '8px',
  textDecoration: 'none',
  fontWeight: 'bold',
} as const;

/** The e-mail's own link (its token is made as it is sent), as a button. */
export function LinkButton({ label, margin = '0 0 16px' }: { label: string; margin?: string }) {
  return (
    <p style={{ margin }}>
      <a href={useContext(ViewLinkPlace)} style={BUTTON}>
        {label}
      </a>
    </p>
  );
}

/** A button to a page of the site that needs no token (`url` from the Worker's own settings, never from a visitor). */
export function PageButton({ label, url }: { label: string; url: string }) {
  return (
    <p style={{ margin: '0 0 16px' }}>
      <a href={url} style={BUTTON}>
        {label}
      </a>
    </p>
  );
}

export const TALK_TO_US = 'Talk to us';

export function ContactBlock({ firm }: { firm: EmailFirm }) {
  return (
    <>
      <Heading>{TALK_TO_US}</Heading>
      <p style={{ margin: 0 }}>
        Phone <a href={`tel:${firm.phone.tel}`}>{firm.phone.display}</a> · E-mail <a href={`mailto:${firm.email}`}>{firm.email}</a>
        <br />
        {openingHoursLine()}
      </p>
    </>
  );
}
