/** Read time from the words a reader reads: parsed with the build's MDX parser, so hash marks, URLs, imports and code never add minutes. */
import { toString } from 'mdast-util-to-string';
import { mdxToMdast } from 'satteri';

export const WORDS_PER_MINUTE = 200;

interface TreeNode {
  type: string;
  children?: TreeNode[];
}

const UNREAD = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'code', 'html', 'yaml', 'toml', 'definition']);
/** Their inline text runs together, as emphasis may split a word: **Broad**band. */
const PROSE = new Set(['paragraph', 'heading', 'tableCell']);

const isSeparator = (node: TreeNode) => node.type === 'break' || (node.type === 'mdxJsxTextElement' && !node.children?.length);

function readable(node: TreeNode): TreeNode {
  if (isSeparator(node)) return { type: 'text', value: ' ' } as TreeNode;
  if (!node.children) return node;
  return { ...node, children: node.children.filter((child) => !UNREAD.has(child.type)).map(readable) };
}

function collectProse(node: TreeNode, into: string[]): void {
  if (UNREAD.has(node.type)) return;
  if (PROSE.has(node.type)) into.push(toString(readable(node)));
  else for (const child of node.children ?? []) collectProse(child, into);
}

export function readableText(mdx: string): string {
  const blocks: string[] = [];
  collectProse(mdxToMdast(mdx, { position: false }) as TreeNode, blocks);
  return blocks.join('\n');
}

/** Runs holding at least one letter or digit count ("£1,000", "don't", "2-3"). */
export function countWords(mdx: string): number {
  return readableText(mdx)
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Rounded up, so a reader is never promised less time than they need. */
export function readMinutes(words: number, wordsPerMinute = WORDS_PER_MINUTE): number {
  if (!Number.isFinite(words) || words <= 0) return 1;
  if (!Number.isFinite(wordsPerMinute) || wordsPerMinute <= 0) throw new RangeError('wordsPerMinute must be a positive number');
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}

export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

export function readTimeOf(mdx: string): { words: number; minutes: number; label: string } {
  const words = countWords(mdx);
  const minutes = readMinutes(words);
  return { words, minutes, label: formatReadTime(minutes) };
}
