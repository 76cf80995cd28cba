/**
 * Read time from the words a reader actually reads: Markdown/MDX syntax is stripped before counting,
 * so a heading's hash marks or a link's URL never add minutes.
 */

export const WORDS_PER_MINUTE = 200;

/** Removes MDX/Markdown syntax, keeping the words people read. */
export function readableText(markdown: string): string {
  return markdown
    .replace(/^\s*(import|export)\s.*$/gm, ' ') // MDX import/export lines
    .replace(/<[^>]+>/g, ' ') // HTML/JSX tags (their text content stays)
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: keep alt text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: keep the label, drop the URL
    .replace(/`{3}[\s\S]*?`{3}/g, ' ') // fenced code
    .replace(/[#>*_`~|]/g, ' ') // heading marks, quotes, emphasis, tables
    .replace(/^\s*[-+]\s+/gm, ' '); // bullet markers
}

/** Counts words: runs of characters holding at least one letter or digit ("£1,000", "don't", "2-3"). */
export function countWords(markdown: string): number {
  return readableText(markdown)
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Whole minutes, rounded up so a reader is never promised less time than they need; at least 1. */
export function readMinutes(words: number, wordsPerMinute = WORDS_PER_MINUTE): number {
  if (!Number.isFinite(words) || words <= 0) return 1;
  if (!Number.isFinite(wordsPerMinute) || wordsPerMinute <= 0) throw new RangeError('wordsPerMinute must be a positive number');
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}

/** The label shown on cards and articles, e.g. '5 min read'. */
export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

export function readTimeOf(markdown: string): { words: number; minutes: number; label: string } {
  const words = countWords(markdown);
  const minutes = readMinutes(words);
  return { words, minutes, label: formatReadTime(minutes) };
}
