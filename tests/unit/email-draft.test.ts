/** E-mails as the outbox stores them: only a template's own VIEW_LINK becomes a link; subjects are one plain line. */
import { describe, expect, it } from 'vitest';
import { linkFor, needsLink, parts, readDraft, VIEW_LINK, withLink, withoutLink } from '../../functions/lib/email-draft';
import { renderEmail } from '../../functions/lib/email-layout';
import { headerSafe } from '../../functions/lib/escape';
import { BusinessEmail } from '~/components/email/BusinessEmail';
import { CustomerEmail } from '~/components/email/CustomerEmail';

const firm = {
  name: 'Harbour & Sons',
  address: 'Unit 4, Dock Lane',
  email: 'hi@example.com',
  phone: { display: '0161 496 0000', tel: '+441614960000' },
};

describe('email drafts', () => {
  const typed = 'Hi {{quote-view-link}} and a second {{quote-view-link}}';

  it('puts the link where the template says, and nowhere in what was typed', () => {
    const inner = parts`<a href="${VIEW_LINK}">open</a>`;
    const body = parts`<p>${typed}</p>${inner}<p>${typed}</p>`;
    expect(body).toHaveLength(2);
    const draft = { from: 'a@x', to: 'b@x', subject: 's', html: body, text: parts`${typed}\nLink: ${VIEW_LINK}` };
    expect(needsLink(draft)).toBe(true);
    const sent = withLink(draft, { html: 'https://x/q?a=1&amp;b=2', text: 'https://x/q?a=1&b=2' });
    expect(sent.html).toBe(`<p>${typed}</p><a href="https://x/q?a=1&amp;b=2">open</a><p>${typed}</p>`);
    expect(sent.text).toBe(`${typed}\nLink: https://x/q?a=1&b=2`);
  });

  it('stores as JSON and reads older rows whose bodies are plain strings', () => {
    const draft = { from: 'a@x', to: 'b@x', subject: 's', html: parts`x${VIEW_LINK}y`, text: ['plain'] };
    expect(readDraft(JSON.stringify(draft))).toEqual(draft);
    const old = readDraft(JSON.stringify({ from: 'a@x', to: 'b@x', subject: 's', html: `<p>${typed}</p>`, text: typed }));
    expect(needsLink(old)).toBe(false);
    expect(withoutLink(old).text).toBe(typed);
    expect(() => withoutLink(draft)).toThrow();
  });
});

describe('e-mails rendered from components', () => {
  const typed = `<a href="x">'&'</a> view-link-0 {{quote-view-link}}`;

  it('escapes what was typed, and puts the link only where the component asks for it', () => {
    const draft = {
      from: 'a@x',
      to: 'b@x',
      subject: 's',
      html: renderEmail(CustomerEmail, { firm, title: typed, headline: typed, paragraphs: [typed], rows: [[typed, typed]], action: typed }),
      text: parts`${typed}\n${VIEW_LINK}`,
    };
    expect(draft.html).toHaveLength(2);
    const sent = withLink(draft, linkFor('https://x/q?a=1&b=2'));
    expect(sent.html).toContain('&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt; view-link-0 {{quote-view-link}}');
    expect(sent.html).not.toContain('<a href="x">');
    expect(sent.html.match(/href="https:\/\/x\/q\?a=1&amp;b=2"/g)).toHaveLength(1);
    expect(sent.html).toMatch(/^<!doctype html><html lang="en-GB">/);
    expect(sent.html).toContain('Harbour &amp; Sons</p>');
  });

  it('an e-mail without a link button is one part', () => {
    const html = renderEmail(BusinessEmail, { firm, title: 't', headline: typed, rows: [['a', 'b']] });
    expect(html).toHaveLength(1);
    expect(needsLink({ from: 'a@x', to: 'b@x', subject: 's', html, text: ['t'] })).toBe(false);
  });
});

describe('headerSafe', () => {
  it('drops format characters and turns breaks into spaces', () => {
    expect(headerSafe('Eve \u202Egnp.exe\u2066\u200B\uFEFF\u2028Smith\r\nBcc: x@y')).toBe('Eve gnp.exe Smith Bcc: x@y');
    expect(headerSafe('  a\u0000b\u007f\u2029c  ')).toBe('a b c');
    expect(headerSafe('x'.repeat(300))).toHaveLength(200);
  });
});
