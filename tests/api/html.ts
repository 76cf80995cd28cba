/**
 * Reading the pages the Worker fills in as a browser reads them (parse5 is the WHATWG HTML parser): what each form
 * control holds, which marked parts are shown, and what text the Worker wrote in. Entities are decoded the way a
 * browser decodes them, so a value that comes back different from what was typed is caught.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
  if (isElement(node) && 'content' in node) yield* elements(node.content);
}

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const textOf = (node: Node): string =>
  'value' in node && node.nodeName === '#text' ? node.value : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';

export interface Page {
  /** What the form would send for `name` as the page stands (the first value; '' when none). */
  value(name: string): string;
  /** Every value the form holds for `name` (ticked boxes). */
  values(name: string): string[];
  /** The text of the first element marked `data-fill="key"`. */
  filled(key: string): string;
  /** True when the first element marked `data-show="key"` has no `hidden` attribute. */
  shown(key: string): boolean;
  title: string;
}

/** `button`: read the form holding the button of that value (a page with several forms), else the first form the Worker refills. */
export function readPage(html: string, { button }: { button?: string } = {}): Page {
  const all = [...elements(parse(html))];
  const form = all.find(
    (element) =>
      element.tagName === 'form' &&
      attr(element, 'data-refill') !== undefined &&
      (button === undefined || [...elements(element)].some((inner) => inner.tagName === 'button' && attr(inner, 'value') === button)),
  );
  const controls = form ? [...elements(form)] : [];
  const values = (name: string): string[] => {
    const found: string[] = [];
    for (const control of controls) {
      if (attr(control, 'name') !== name) continue;
      if (control.tagName === 'textarea') found.push(textOf(control));
      else if (control.tagName === 'select') {
        const options = [...elements(control)].filter((element) => element.tagName === 'option');
        const chosen = options.find((option) => attr(option, 'selected') !== undefined) ?? options[0];
        if (chosen) found.push(attr(chosen, 'value') ?? textOf(chosen));
      } else if (control.tagName === 'input') {
        const type = attr(control, 'type') ?? 'text';
        if (type === 'radio' || type === 'checkbox') {
          if (attr(control, 'checked') !== undefined) found.push(attr(control, 'value') ?? 'on');
        } else if (type !== 'submit' && type !== 'button') found.push(attr(control, 'value') ?? '');
      }
    }
    return found;
  };
  const marked = (name: string, key: string) => all.find((element) => attr(element, name) === key);
  return {
    value: (name) => values(name)[0] ?? '',
    values,
    filled: (key) => {
      const element = marked('data-fill', key);
      return element ? textOf(element) : '';
    },
    shown: (key) => {
      const element = marked('data-show', key);
      return !!element && attr(element, 'hidden') === undefined;
    },
    title: textOf(all.find((element) => element.tagName === 'title') ?? all[0]!),
  };
}
