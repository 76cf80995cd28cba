// The look every e-mail shares: the firm's name above, its legal name and trading address below. React escapes every
// value; e-mail clients keep only inline styles.
import type { ReactNode } from 'react';
import { site } from '~/site.config';
import type { EmailFirm } from './email-props';

interface Props {
  firm: EmailFirm;
  title: string;
  children: ReactNode;
}

export function EmailLayout({ firm, title, children }: Props) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, background: '#f1f5f9', fontFamily: 'Arial,Helvetica,sans-serif', color: '#0f172a' }}>
        <div style={{ maxWidth: '600px', margin: '0 auto', padding: '24px' }}>
          <p style={{ fontSize: '20px', fontWeight: 'bold', color: '#1d4ed8', margin: '0 0 16px' }}>{firm.name}</p>
          <div style={{ background: '#ffffff', borderRadius: '12px', padding: '24px', lineHeight: 1.5 }}>{children}</div>
          <p style={{ fontSize: '12px', color: '#64748b', marginTop: '16px' }}>
            {site.legalName} · {firm.address}
          </p>
        </div>
      </body>
    </html>
  );
}
