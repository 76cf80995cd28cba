import { describe, expect, it } from 'vitest';
import { countWords, formatReadTime, readMinutes, readTimeOf, WORDS_PER_MINUTE } from '~/lib/read-time';

describe('countWords', () => {
  it('counts plain words', () => {
    expect(countWords('Pack the kettle last.')).toBe(4);
  });

  it('ignores Markdown syntax but keeps the words it wraps', () => {
    expect(countWords('## Two weeks out\n\n- **Broadband:** book it now.\n\n**Callout text here.**')).toBe(10);
  });

  it('counts a link by its label, not its URL', () => {
    expect(countWords('See our [insurance page](/insurance) first.')).toBe(5);
  });

  it('does not count MDX imports, tags or lone punctuation', () => {
    expect(countWords("import Box from '../Box.astro';\n\n<Box>Two words</Box> — – ...")).toBe(2);
  });

  it('treats prices, numbers and contractions as words', () => {
    expect(countWords("Don't pay £1,000 for 2-3 vans")).toBe(6);
  });

  it('reads a word split by emphasis as one word, as a reader does', () => {
    expect(countWords('A **broad**band line')).toBe(3);
  });

  it('does not count code blocks, MDX expressions or link definitions', () => {
    expect(countWords('```sh\nnpm run build\n```\n\nOne {props.count} two\n\n[policy]: https://example.com/policy')).toBe(2);
  });

  it('keeps words apart across a hard line break or a <br />', () => {
    expect(countWords('First line  \nsecond line')).toBe(4);
    expect(countWords('Left<br />right')).toBe(2);
  });

  it('counts image alt text and table cells, which a reader (or a screen reader) reads', () => {
    expect(countWords('![Wrapped plates in a box](./plates.png)')).toBe(5);
    expect(countWords('| Room | Boxes |\n|---|---|\n| Kitchen | 12 |')).toBe(4);
  });

  it('is zero for empty text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\n ')).toBe(0);
  });
});

describe('readMinutes', () => {
  it('uses 200 words a minute, rounding up', () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(readMinutes(200)).toBe(1);
    expect(readMinutes(201)).toBe(2);
    expect(readMinutes(1000)).toBe(5);
    expect(readMinutes(1001)).toBe(6);
  });

  it('never says less than one minute', () => {
    expect(readMinutes(0)).toBe(1);
    expect(readMinutes(1)).toBe(1);
    expect(readMinutes(Number.NaN)).toBe(1);
  });

  it('rejects a non-positive reading speed', () => {
    expect(() => readMinutes(100, 0)).toThrow(RangeError);
  });
});

describe('read time label', () => {
  it("formats as the spec's 'N min read'", () => {
    expect(formatReadTime(5)).toBe('5 min read');
    const text = Array.from({ length: 1601 }, () => 'word').join(' ');
    expect(readTimeOf(text)).toEqual({ words: 1601, minutes: 9, label: '9 min read' });
  });
});
