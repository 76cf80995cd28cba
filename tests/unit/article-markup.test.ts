import { describe, expect, it } from 'vitest';
import { markdownToHtml, mdxToJs } from 'satteri';
import { articleMarkup, CALLOUT_CLASS, LEAD_IN_CLASS, LEAD_LIST_CLASS, TABLE_BOX_CLASS } from '~/markdown/article-markup';

const render = (markdown: string) => markdownToHtml(markdown, { hastPlugins: [articleMarkup] }).html.trim();

describe('article markup', () => {
  it('keeps ## and ### as h2 and h3', () => {
    expect(render('## Before you book\n\n### Two weeks out')).toBe('<h2>Before you book</h2>\n<h3>Two weeks out</h3>');
  });

  it('keeps a #### below a ### as h4 (the build refuses skipped levels and a # heading instead of rewriting them)', () => {
    expect(render('### Two weeks out\n\n#### The van')).toBe('<h3>Two weeks out</h3>\n<h4>The van</h4>');
  });

  it('puts a table in a box a keyboard can scroll sideways', () => {
    const html = render('| Room | Boxes |\n| --- | --- |\n| Kitchen | 12 |');
    expect(html).toMatch(new RegExp(`^<div class="${TABLE_BOX_CLASS}" role="region" aria-label="Table" tabindex="0"><table>`));
    expect(html).toMatch(/<\/table><\/div>$/);
  });

  it('turns a list of bold lead-ins into a lead list', () => {
    const html = render('- **Council tax:** tell both councils.\n- **Electoral roll:** re-register at the new address.');
    expect(html).toContain(`<ul class="${LEAD_LIST_CLASS}">`);
    expect(html).toContain(`<li><strong class="${LEAD_IN_CLASS}">Council tax:</strong> tell both councils.</li>`);
    expect(html).toContain(`<strong class="${LEAD_IN_CLASS}">Electoral roll:</strong>`);
  });

  it('recognises lead-ins in a loose list (items separated by blank lines)', () => {
    const html = render('- **One:** first\n\n- **Two:** second');
    expect(html).toContain(`<ul class="${LEAD_LIST_CLASS}">`);
    expect(html.match(new RegExp(LEAD_IN_CLASS, 'g'))).toHaveLength(2);
  });

  it('leaves a list alone when any item lacks a bold lead-in', () => {
    const html = render('- **One:** first\n- second without a lead');
    expect(html).toContain('<ul>');
    expect(html).not.toContain(LEAD_LIST_CLASS);
    expect(html).not.toContain(LEAD_IN_CLASS);
  });

  it('turns a paragraph wholly wrapped in ** into a callout note without the bold', () => {
    const html = render('**Book your van at least two weeks ahead in summer.**');
    expect(html).toBe(`<div class="${CALLOUT_CLASS}" role="note"><p>Book your van at least two weeks ahead in summer.</p></div>`);
  });

  it('keeps inline formatting inside a callout', () => {
    expect(render('**Read the [terms](/terms-and-conditions) first.**')).toContain(
      '<p>Read the <a href="/terms-and-conditions">terms</a> first.</p>',
    );
  });

  it('does not treat a paragraph with some bold text as a callout', () => {
    expect(render('Label every box **on two sides**, not the lid.')).toBe(
      '<p>Label every box <strong>on two sides</strong>, not the lid.</p>',
    );
    expect(render('**Tip:** label the sides.')).toBe('<p><strong>Tip:</strong> label the sides.</p>');
  });

  it('leaves plain paragraphs as paragraphs', () => {
    expect(render('Start with the loft.\n\nThen the shed.')).toBe('<p>Start with the loft.</p>\n<p>Then the shed.</p>');
  });

  it('runs in the MDX pipeline the articles use', () => {
    const { code } = mdxToJs('## Heading\n\n**All bold.**\n\n- **A:** b', { hastPlugins: [articleMarkup] });
    expect(code).toContain(CALLOUT_CLASS);
    expect(code).toContain(LEAD_LIST_CLASS);
  });
});
