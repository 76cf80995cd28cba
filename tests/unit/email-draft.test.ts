/** E-mails as the outbox stores them: only a template's own VIEW_LINK becomes a link; subjects are one plain line. */
import { describe, expect, it } from 'vitest';
import { needsLink, parts, readDraft, VIEW_LINK, withLink, withoutLink } from '../../functions/lib/email-draft';
import { headerSafe } from '../../functions/lib/escape';

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

describe('headerSafe', () => {
  it('drops format characters and turns breaks into spaces', () => {
    expect(headerSafe('Eve \u202Egnp.exe\u2066\u200B\uFEFF\u2028Smith\r\nBcc: x@y')).toBe('Eve gnp.exe Smith Bcc: x@y');
    expect(headerSafe('  a\u0000b\u007f\u2029c  ')).toBe('a b c');
    expect(headerSafe('x'.repeat(300))).toHaveLength(200);
  });
});
