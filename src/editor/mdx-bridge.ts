/**
 * Keystatic's MDX field reads neither GFM footnotes nor `{/* notes *\/}`: it fails to open the article, or saves
 * `[^1]` as `\[^1]`. So the body goes through this bridge: on the way in, footnotes and notes become content
 * components the editor can show and edit (FOOTNOTE_REF, FOOTNOTE, EDITOR_NOTE); on the way out, they are written
 * back as the Markdown a hand-written article has. Each construct is found in a syntax tree, never by a pattern over
 * the text, so a `[^1]` in code or a note inside a footnote are left as they are meant.
 */
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { mdxjs } from 'micromark-extension-mdxjs';

/** The components' names as the editor holds them: never in a file on disk (the check refuses components). */
export const FOOTNOTE_REF = 'FootnoteRef';
export const FOOTNOTE = 'Footnote';
export const EDITOR_NOTE = 'EditorNote';

interface Edit {
  start: number;
  end: number;
  /** The replacement; `inner(from, to)` is the source between two offsets with the edits inside it already made. */
  text: (inner: (from: number, to: number) => string) => string;
}

const COMMENT = /^\/\*([\s\S]*)\*\/$/;

/** A JSX attribute value in double quotes (MDX decodes character references in it). */
const attribute = (value: string) => `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;

function parse(source: string, footnotes: boolean): Root {
  return fromMarkdown(source, {
    extensions: [mdxjs(), gfmTable(), gfmStrikethrough(), ...(footnotes ? [gfmFootnote()] : [])],
    mdastExtensions: [
      mdxFromMarkdown(),
      gfmTableFromMarkdown(),
      gfmStrikethroughFromMarkdown(),
      ...(footnotes ? [gfmFootnoteFromMarkdown()] : []),
    ],
  });
}

const offsets = (node: Nodes) => ({ start: node.position?.start.offset ?? 0, end: node.position?.end.offset ?? 0 });

/** Every line of a block after its first, without the indentation that only placed it inside its parent. */
const dedent = (text: string, indent: RegExp) => text.replace(new RegExp(`\n${indent.source}`, 'g'), '\n');

/** Applies edits found by `find` (outermost first; an edit's own content may hold more edits). */
function rewrite(source: string, tree: Root, find: (node: Nodes) => Omit<Edit, 'start' | 'end'> | undefined): string {
  const edits: Edit[] = [];
  const visit = (node: Nodes) => {
    const edit = find(node);
    if (edit) edits.push({ ...offsets(node), ...edit });
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  edits.sort((a, b) => a.start - b.start || b.end - a.end);
  const inner = (from: number, to: number): string => {
    let out = '';
    let at = from;
    for (const edit of edits) {
      if (edit.start < at || edit.end > to) continue;
      out += source.slice(at, edit.start) + edit.text((a, b) => inner(a, b));
      at = edit.end;
    }
    return out + source.slice(at, to);
  };
  return inner(0, source.length);
}

/** An article's body as the editor reads it. */
export function toEditor(source: string): string {
  return rewrite(source, parse(source, true), (node) => {
    if (node.type === 'footnoteReference') return { text: () => `<${FOOTNOTE_REF} id=${attribute(node.label ?? node.identifier)} />` };
    if (node.type === 'footnoteDefinition') {
      const [first] = node.children;
      const last = node.children.at(-1);
      if (!first || !last) return undefined;
      return {
        text: (inner) =>
          `<${FOOTNOTE} id=${attribute(node.label ?? node.identifier)}>\n${dedent(inner(offsets(first).start, offsets(last).end), / {0,4}/)}\n</${FOOTNOTE}>`,
      };
    }
    if (node.type === 'mdxFlowExpression') {
      const note = COMMENT.exec(node.value.trim());
      if (note) return { text: () => `<${EDITOR_NOTE} note=${attribute(note[1] ?? '')} />` };
    }
    return undefined;
  });
}

function stringAttribute(node: Nodes, name: string): string {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return '';
  for (const attr of node.attributes)
    if (attr.type === 'mdxJsxAttribute' && attr.name === name && typeof attr.value === 'string') return attr.value;
  return '';
}

/** What the editor saved, as the article's body. */
export function fromEditor(source: string): string {
  return rewrite(source, parse(source, false), (node) => {
    if (node.type === 'mdxJsxTextElement' && node.name === FOOTNOTE_REF) return { text: () => `[^${stringAttribute(node, 'id')}]` };
    if (node.type === 'mdxJsxFlowElement' && node.name === FOOTNOTE) {
      const [first] = node.children;
      const last = node.children.at(-1);
      return {
        // The element's content is indented by two spaces per level.
        text: (inner) =>
          `[^${stringAttribute(node, 'id')}]: ${first && last ? dedent(inner(offsets(first).start, offsets(last).end), / {0,2}/) : ''}`,
      };
    }
    if (node.type === 'mdxJsxFlowElement' && node.name === EDITOR_NOTE) return { text: () => `{/*${stringAttribute(node, 'note')}*/}` };
    return undefined;
  });
}
