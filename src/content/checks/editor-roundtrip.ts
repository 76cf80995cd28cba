/**
 * What the browser editor would do to an article: its body is opened and saved with the editor's own code
 * (editor-pool.ts), and a body it cannot open, or would not save byte for byte, is refused where it happens. A change
 * the editor would make on saving is shown as the editor writes it (a table lined up, a list's marks); a part it cannot
 * open is named, with what to write instead.
 */
import { diffArrays } from 'diff';
import type { MdNode, ParsedBody } from './body.ts';
import type { RoundTrip } from './editor-pool.ts';
import type { ArticleProblem } from './problems.ts';

/** Keystatic's own split of a file into frontmatter and body (its splitFrontmatter). */
const FRONTMATTER = /^---(?:\r?\n([^]*?))?\r?\n---\r?\n?/;

const RULE = 'editor';
const INDENT = '      ';

interface Article {
  file: string;
  /** The article's id, which names the folder of its pictures. */
  slug: string;
  source: string;
  parsed: ParsedBody;
  /** Lines another rule already refused: what the editor makes of them is not said twice. */
  refusedLines: ReadonlySet<number>;
}

interface Block {
  node: MdNode;
  /** File lines, 1-based, inclusive. */
  start: number;
  end: number;
}

export async function editorProblems(article: Article, roundTrip: RoundTrip): Promise<ArticleProblem[]> {
  const { file, source, parsed } = article;
  if (!parsed.tree) return [];
  const split = FRONTMATTER.exec(source);
  if (!split) {
    // The build finds frontmatter after blank lines; the editor only on the first line.
    if (/^\s*\n---/.test(source))
      return [
        {
          file,
          line: 1,
          rule: RULE,
          message:
            'The browser editor cannot open this file: it must start with the --- line of its frontmatter. Delete the blank lines above it.',
        },
      ];
    return [];
  }
  const body = source.slice(split[0].length);
  const firstLine = split[0].split('\n').length;
  const blocks = topLevelBlocks(parsed.tree);
  const overlapsRefused = (start: number, end: number) => [...article.refusedLines].some((line) => line >= start && line <= end);

  const verdict = await roundTrip(body, article.slug);
  if (verdict.saved === undefined) {
    const failing = await blocksTheEditorCannotOpen(blocks, parsed.lines, article.slug, roundTrip);
    const unexplained = failing.filter(({ block }) => !overlapsRefused(block.start, block.end));
    if (failing.length) return unexplained.flatMap(({ block, error }) => cannotOpen(file, block, error, verdict.opened));
    if (article.refusedLines.size) return [];
    return [{ file, line: firstLine, rule: RULE, message: cannotOpenMessage('article', verdict.error, verdict.opened) }];
  }

  // Line endings are git's business (a Windows checkout may write CR LF); the editor saves LF.
  const written = body.replace(/\r\n/g, '\n').split('\n');
  const saved = verdict.saved.split('\n');
  return changedGroups(written, saved)
    .map((group) => ({ ...group, start: firstLine + group.from, end: firstLine + Math.max(group.from, group.to - 1) }))
    .filter((group) => !overlapsRefused(group.start, group.end))
    .map((group) => ({
      file,
      line: group.start,
      rule: RULE,
      message: changedMessage(
        blocks.filter((block) => block.start <= group.end && block.end >= group.start),
        written.slice(group.from, group.to),
        saved.slice(group.savedFrom, group.savedTo),
      ),
    }));
}

function topLevelBlocks(tree: MdNode): Block[] {
  return (tree.children ?? []).flatMap((node) =>
    node.type === 'yaml' || !node.position ? [] : [{ node, start: node.position.start.line, end: node.position.end.line }],
  );
}

/**
 * Each block alone (with the footnotes, so that its marks still point somewhere) through the editor: the ones it
 * cannot open. Asked only of a body the editor cannot open, so it costs nothing for a good article.
 */
async function blocksTheEditorCannotOpen(blocks: readonly Block[], lines: readonly string[], slug: string, roundTrip: RoundTrip) {
  const text = ({ start, end }: Block) => lines.slice(start - 1, end).join('\n');
  const footnotes = blocks.filter((block) => block.node.type === 'footnoteDefinition').map(text);
  const trials = await Promise.all(
    blocks.map(async (block) => {
      const alone = block.node.type === 'footnoteDefinition' ? [text(block)] : [text(block), ...footnotes];
      return { block, verdict: await roundTrip(`\n${alone.join('\n\n')}\n`, slug) };
    }),
  );
  return trials.flatMap(({ block, verdict }) => (verdict.saved === undefined ? [{ block, error: verdict.error }] : []));
}

function descendants(node: MdNode): MdNode[] {
  return (node.children ?? []).flatMap((child) => [child, ...descendants(child)]);
}

function cannotOpen(file: string, block: Block, error: string, opened: boolean): ArticleProblem[] {
  // Keystatic holds a table cell as one paragraph of text: a footnote mark there is a block of its own.
  const marks = [block.node, ...descendants(block.node)]
    .filter((node) => node.type === 'table')
    .flatMap((table) => descendants(table).filter((node) => node.type === 'footnoteReference'));
  if (marks.length)
    return marks.map((mark) => ({
      file,
      line: mark.position?.start.line,
      column: mark.position?.start.column,
      rule: RULE,
      message: `A footnote mark inside a table ([^${mark.identifier ?? ''}] here) stops the browser editor opening the article. Take the mark out of the table and put it at the end of a sentence after the table (the footnote itself stays where it is), or write what the note says in the cell, in words.`,
    }));
  return [{ file, line: block.start, rule: RULE, message: cannotOpenMessage(kindOf([block]), error, opened) }];
}

const cannotOpenMessage = (what: string, error: string, opened: boolean) =>
  `The browser editor cannot ${opened ? 'save' : 'open'} the article because of ${what === 'article' ? 'something in it' : `this ${what}`} (it says: “${error.split('\n')[0]}”). Write it more simply (paragraphs, lists and tables of plain words always work), or ask a developer.`;

const KINDS: Record<string, string> = {
  table: 'table',
  list: 'list',
  heading: 'heading',
  paragraph: 'paragraph',
  blockquote: 'quotation',
  code: 'block of code',
  footnoteDefinition: 'footnote',
  thematicBreak: 'dividing line',
  definition: 'link address',
};

/** What a reader would call the blocks: "table", or "part" when they are of several kinds. */
function kindOf(blocks: readonly Block[]): string {
  const kinds = new Set(blocks.map((block) => KINDS[block.node.type] ?? 'part'));
  return kinds.size === 1 ? [...kinds][0]! : 'part';
}

function changedMessage(blocks: readonly Block[], written: readonly string[], saved: readonly string[]): string {
  const shown = saved.map((line) => (line ? INDENT + line : '')).join('\n');
  if (!saved.some((line) => line.trim()))
    return `The browser editor would leave out ${written.length === 1 ? 'this line' : 'these lines'} when it saves the article. Remove ${written.length === 1 ? 'it' : 'them'}, or write ${written.length === 1 ? 'it' : 'them'} another way.`;
  const kind = kindOf(blocks);
  const spacesOnly = written.join('\n').replace(/\s/g, '') === saved.join('\n').replace(/\s/g, '');
  const why = spacesOnly
    ? ' The difference is only in spaces or blank lines (the editor keeps one blank line between paragraphs and after the frontmatter, no spaces at the end of a line, and a line break at the end of the file).'
    : '';
  if (kind === 'table') {
    const aligned = blocks.some((block) => block.node.align?.some((align) => align !== null));
    return aligned
      ? `The browser editor cannot keep a column lined up left, right or centre, so it would rewrite this table when it saves. Write it as the editor keeps it, with plain dashes and no colons:\n${shown}`
      : `The browser editor lines up a table's columns when it saves, so it would rewrite this table. Write it as the editor keeps it (each | under the one above, the dashes as wide as the column):\n${shown}`;
  }
  return `The browser editor would write this ${kind} differently when it saves, so the first save would change the article.${why} Write it as the editor does:\n${shown}`;
}

interface Group {
  /** Lines of the body as written, 0-based, `to` excluded. */
  from: number;
  to: number;
  /** The same lines as the editor saves them. */
  savedFrom: number;
  savedTo: number;
}

/**
 * The lines that differ, as whole paragraphs: changes with no blank line between them are one group, widened to the
 * blank lines around them, so a table or a paragraph is shown whole.
 */
export function changedGroups(written: readonly string[], saved: readonly string[]): Group[] {
  const groups: Group[] = [];
  let at = 0;
  let savedAt = 0;
  for (const change of diffArrays([...written], [...saved])) {
    if (!change.added && !change.removed) {
      at += change.count;
      savedAt += change.count;
      continue;
    }
    const last = groups.at(-1);
    // Joined to the group before when only unchanged, non-blank lines lie between them.
    const joined = last && written.slice(last.to, at).every((line) => line.trim() !== '');
    const group = joined ? last : { from: at, to: at, savedFrom: savedAt, savedTo: savedAt };
    if (change.removed) at += change.count;
    else savedAt += change.count;
    group.to = at;
    group.savedTo = savedAt;
    if (!joined) groups.push(group);
  }
  for (const group of groups) {
    while (group.from > 0 && written[group.from - 1]!.trim() !== '') {
      group.from--;
      group.savedFrom--;
    }
    while (group.to < written.length && written[group.to]!.trim() !== '') {
      group.to++;
      group.savedTo++;
    }
  }
  return groups;
}
