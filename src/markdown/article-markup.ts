/**
 * The article body markup of the spec, on top of plain Markdown (a hast plugin for Sätteri, Astro 7's
 * Markdown/MDX processor; it plays the role a rehype plugin plays in unified):
 *   - headings stay as written: the build refuses a `#` heading (the page owns the only <h1>) and a skipped
 *     level (src/content/checks/body.ts), so the outline is already valid for screen readers.
 *   - a list whose every item opens with bold text (`- **Lead-in:** text`) is a "lead list": the
 *     bold part is styled as the item's lead-in.
 *   - a paragraph wholly wrapped in `**...**` is a highlighted callout (role=note), without the bold.
 *   - everything else is left alone: paragraphs stay paragraphs.
 */
import { defineHastPlugin } from 'satteri';
import type { Element, ElementContent } from 'hast';

export const CALLOUT_CLASS = 'article-callout';
export const LEAD_LIST_CLASS = 'article-lead-list';
export const LEAD_IN_CLASS = 'article-lead-in';

const isBlank = (node: ElementContent) => node.type === 'text' && node.value.trim() === '';
const meaningful = (children: readonly ElementContent[]) => children.filter((child) => !isBlank(child));
const isElement = (node: ElementContent | undefined, tagName?: string): node is Element =>
  node?.type === 'element' && (tagName === undefined || node.tagName === tagName);

/** The <strong> an item opens with, looking inside the <p> of a loose list. */
function leadIn(item: Element): Element | undefined {
  const [first] = meaningful(item.children);
  if (first?.type !== 'element') return undefined;
  if (first.tagName === 'strong') return first;
  if (first.tagName !== 'p') return undefined;
  const [inner] = meaningful(first.children);
  return isElement(inner, 'strong') ? inner : undefined;
}

export const articleMarkup = defineHastPlugin({
  name: 'shiftly-article-markup',
  element: [
    {
      filter: ['p'],
      visit(node, ctx) {
        // A callout is a top-level paragraph; bold text inside a list item or quote is just bold.
        if (ctx.parent(node)?.type !== 'root') return;
        const children = meaningful(node.children);
        const [only] = children;
        if (children.length !== 1 || !isElement(only, 'strong')) return;
        ctx.replaceNode(node, {
          type: 'element',
          tagName: 'div',
          properties: { className: [CALLOUT_CLASS], role: 'note' },
          children: [{ type: 'element', tagName: 'p', properties: {}, children: only.children }],
        });
      },
    },
    {
      filter: ['ul'],
      visit(node, ctx) {
        const items = meaningful(node.children).filter((child): child is Element => isElement(child, 'li'));
        if (items.length === 0 || items.length !== meaningful(node.children).length) return;
        const leads = items.map(leadIn);
        if (leads.some((lead) => lead === undefined)) return;
        ctx.setProperty(node, 'className', [LEAD_LIST_CLASS]);
        for (const lead of leads) if (lead) ctx.setProperty(lead, 'className', [LEAD_IN_CLASS]);
      },
    },
  ],
});
