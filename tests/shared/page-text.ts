/**
 * A page's words as a reader could meet them, from its HTML (parse5, the WHATWG parser): every element's text whether
 * hidden or not (a prebuilt page holds each state the Worker may show), its title, description and labels, one block
 * to a line. Scripts, styles and drawings are left out; structured data is read on its own (`jsonLd`).
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const SKIPPED = new Set(['script', 'style', 'svg', 'noscript']);
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
]);
const SPOKEN_ATTRIBUTES = ['aria-label', 'title', 'alt', 'placeholder'];

const isElement = (node: Node): node is Element => 'tagName' in node;
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

function collect(node: Node, out: string[]): void {
  if (node.nodeName === '#text' && 'value' in node) {
    out.push(node.value);
    return;
  }
  if (isElement(node)) {
    if (SKIPPED.has(node.tagName)) return;
    if (node.tagName === 'meta' && attr(node, 'name') === 'description') out.push(`\n${attr(node, 'content') ?? ''}\n`);
    for (const name of SPOKEN_ATTRIBUTES) {
      const value = attr(node, name);
      if (value) out.push(`\n${value}\n`);
    }
  }
  const children = isElement(node) && 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
  const block = isElement(node) && !INLINE.has(node.tagName);
  if (block) out.push('\n');
  for (const child of children) collect(child, out);
  if (block) out.push('\n');
}

/** One line per block, spaces collapsed. */
export function pageText(html: string): string {
  const out: string[] = [];
  collect(parse(html), out);
  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Every JSON-LD block of the page, parsed. */
export function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
