/**
 * A list whose items all open with bold text is a "lead list"; a paragraph wholly in `**...**` is a callout (role=note);
 * a table sits in a box that scrolls sideways on a narrow phone rather than widening the page (focusable and named, so
 * a keyboard can scroll it too).
 */
import { defineHastPlugin } from 'satteri';
import type { Element, ElementContent } from 'hast';

export const CALLOUT_CLASS = 'article-callout';
export const LEAD_LIST_CLASS = 'article-lead-list';
export const LEAD_IN_CLASS = 'article-lead-in';
export const TABLE_BOX_CLASS = 'article-table';

const isBlank = (node: ElementContent) => node.type === 'text' && node.value.trim() === '';
const meaningful = (children: readonly ElementContent[]) => children.filter((child) => !isBlank(child));
const isElement = (node: ElementContent | undefined, tagName?: string): node is Element =>
  node?.type === 'element' && (tagName === undefined || node.tagName === tagName);

/** Looks inside the <p> of a loose list too. */
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
      filter: ['table'],
      visit(node, ctx) {
        if (ctx.parent(node)?.type !== 'root') return;
        ctx.replaceNode(node, {
          type: 'element',
          tagName: 'div',
          properties: { className: [TABLE_BOX_CLASS], role: 'region', ariaLabel: 'Table', tabIndex: 0 },
          children: [node],
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
