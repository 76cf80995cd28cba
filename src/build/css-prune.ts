// Prunes a stylesheet with PurgeCSS to what some markup and scripts can match. A class a script adds is kept exactly
// when the script's code names it, so the safelist comes from the code, not from a hand-kept list.
import { createHash } from 'node:crypto';
import postcss, { type AtRule } from 'postcss';
import prefixSelector from 'postcss-prefix-selector';
import selectorParser from 'postcss-selector-parser';
import { PurgeCSS } from 'purgecss';
import purgeHtml from 'purgecss-from-html';

/** The Tailwind whose output unregisterProperties() rewrites. */
export const TAILWIND = { tailwindcss: '4.3.5', '@tailwindcss/vite': '4.3.5' };

export type PageContent = { html?: string; scripts: string[] };

// ARIA states set at run time, often from a boolean minified to `!0`, so "true" is not in the code: kept with their class.
const DYNAMIC_ATTRIBUTES = 'invalid current disabled checked expanded selected pressed busy'.split(' ').map((state) => `aria-${state}`);

/** A script's tokens: Tailwind classes carry `: / [ ] ( ) . % !`, so they split only on quotes and white space. */
export function scriptTokens(text: string) {
  const chunks = [...new Set(text.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? [])];
  const words = text.match(/[\w-]+/g) ?? [];
  const dataset = [...text.matchAll(/\bdataset\.(\w+)/g)].map(
    ([, name = '']) => `data-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
  );
  const names = [...new Set([...chunks, ...words, ...dataset])];
  return { classes: chunks, ids: chunks, tags: names, attributes: { names, values: chunks }, undetermined: [] as string[] };
}

export async function pruneCss(css: string, { html, scripts }: PageContent): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: [...(html ? [{ raw: html, extension: 'html' }] : []), ...scripts.map((raw) => ({ raw, extension: 'js' }))],
    css: [{ raw: css }],
    extractors: [
      { extractor: purgeHtml, extensions: ['html'] },
      { extractor: scriptTokens, extensions: ['js'] },
    ],
    dynamicAttributes: DYNAMIC_ATTRIBUTES,
    keyframes: true,
    fontFace: true,
    variables: true,
  });
  return unregisterProperties(result?.css ?? '');
}

const namedBySelectors = new Map<string, { names: Set<string>; anyValue: boolean }>();

/** What the selectors name, as `kind:name`; an attribute operator other than `=` could match any value, class or id. */
function selectorNames(css: string) {
  let found = namedBySelectors.get(css);
  if (found) return found;
  const names = new Set<string>();
  let anyValue = false;
  const read = selectorParser((selectors) =>
    selectors.walk((node) => {
      if (node.type === 'class' || node.type === 'id' || node.type === 'tag') names.add(`${node.type}:${node.value}`);
      if (node.type !== 'attribute') return;
      names.add(`attribute:${node.attribute}`);
      if (node.value === undefined) return;
      anyValue ||= !!node.operator && node.operator !== '=';
      for (const value of [node.value, ...node.value.split(/\s+/)]) names.add(`value:${value}`);
    }),
  );
  postcss.parse(css).walkRules((rule) => {
    if (!/keyframes$/i.test((rule.parent as AtRule | undefined)?.name ?? '')) read.processSync(rule.selector);
  });
  found = { names, anyValue };
  namedBySelectors.set(css, found);
  return found;
}

/** Equal for two pages when pruning `css` for them gives the same result, so a thousand articles prune once. */
export function pruneKey(css: string, { html, scripts }: PageContent): string {
  const found = html ? purgeHtml(html) : { attributes: { names: [], values: [] }, classes: [], ids: [], tags: [], undetermined: [] };
  const { names, anyValue } = selectorNames(css);
  const kinds = { class: found.classes, id: found.ids, tag: found.tags, attribute: found.attributes.names, value: found.attributes.values };
  const counted = Object.entries(kinds).map(([kind, tokens]) => {
    const counts = (token: string) => names.has(`${kind}:${token}`) || (anyValue && kind !== 'tag' && kind !== 'attribute');
    return [...new Set(tokens.filter(counts))].sort();
  });
  const hash = (text: string) => createHash('sha256').update(text).digest('base64');
  return JSON.stringify([...counted, found.undetermined, hash(scripts.join('\u0000')), hash(css)]);
}

/**
 * Tailwind's fallback for browsers without `@property` (initial values on every element) is all the utilities need,
 * so it applies everywhere and the registrations go: about 0.45 KB gzip a page. No utility here animates a property.
 */
export function unregisterProperties(css: string) {
  const root = postcss.parse(css);
  let fallbacks = 0;
  root.walkAtRules('layer', (layer) => {
    if (layer.params !== 'properties') return;
    layer.walkAtRules('supports', (supports) => {
      fallbacks++;
      supports.replaceWith(supports.nodes ?? []);
    });
  });
  if (!fallbacks && /@property\b/.test(css))
    throw new Error(
      'css-prune: the stylesheet registers custom properties but has no @layer properties fallback: has Tailwind changed its output?',
    );
  root.walkAtRules('property', (registration) => void registration.remove());
  return root.toString();
}

/** The theme's `:root`, `:host`, `html` and `body` rules stay global: an island's sheet joins any page unchanged. */
export async function scopeCss(css: string, scope: string) {
  const plugin = prefixSelector({ prefix: scope, skipGlobalSelectors: true, exclude: [/^:host\b/] });
  return (await postcss([plugin]).process(css, { from: undefined })).css;
}
