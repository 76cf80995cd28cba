/**
 * Read time from the words a reader actually reads. The article is parsed with the same MDX parser the build
 * uses (Sätteri), and the text is read from the tree with mdast-util-to-string, so a heading's hash marks, a
 * link's URL, an import line or a code block never add minutes.
 */
import { toString } from 'mdast-util-to-string';
import { mdxToMdast } from 'satteri';

export const WORDS_PER_MINUTE = 200;

/** The little of an mdast node this module needs (MDX adds node types the standard mdast types do not list). */
interface TreeNode {
  type: string;
  children?: TreeNode[];
}

/** Nodes whose content is not prose: MDX imports and expressions, code, raw HTML, frontmatter, link definitions. */
const UNREAD = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'code', 'html', 'yaml', 'toml', 'definition']);
/** Blocks whose inline content runs together as one stretch of text (a word may be split by emphasis: **Broad**band). */
const PROSE = new Set(['paragraph', 'heading', 'tableCell']);

/** An inline node that separates the words either side of it although it holds no text: a hard break, `<br />`. */
const isSeparator = (node: TreeNode) => node.type === 'break' || (node.type === 'mdxJsxTextElement' && !node.children?.length);

/** The node as a reader sees it: unread children dropped, separators turned into a space. */
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

/** The words people read in an MDX (or plain Markdown) body, one block per line. */
export function readableText(mdx: string): string {
  const blocks: string[] = [];
  collectProse(mdxToMdast(mdx, { position: false }) as TreeNode, blocks);
  return blocks.join('\n');
}

/** Counts words: runs of characters holding at least one letter or digit ("£1,000", "don't", "2-3"). */
export function countWords(mdx: string): number {
  return readableText(mdx)
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

export function readTimeOf(mdx: string): { words: number; minutes: number; label: string } {
  const words = countWords(mdx);
  const minutes = readMinutes(words);
  return { words, minutes, label: formatReadTime(minutes) };
}
