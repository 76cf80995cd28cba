// @ts-check
// Prunes a stylesheet with PurgeCSS to what some markup and scripts can match. A class a script adds is kept exactly
// when the script's code names it, so the safelist comes from the code, not from a hand-kept list.
import { createHash } from 'node:crypto';
import { PurgeCSS } from 'purgecss';
import purgeHtml from 'purgecss-from-html';
import postcss from 'postcss';
import prefixSelector from 'postcss-prefix-selector';
import selectorParser from 'postcss-selector-parser';

/** The Tailwind whose output unregisterProperties() rewrites. */
export const TAILWIND = { tailwindcss: '4.3.5', '@tailwindcss/vite': '4.3.5' };

// ARIA states set at run time, often from a boolean minified to `!0`, so "true" is not in the code: kept with their class.
const DYNAMIC_ATTRIBUTES = [
  'aria-invalid',
  'aria-current',
  'aria-disabled',
  'aria-checked',
  'aria-expanded',
  'aria-selected',
  'aria-pressed',
  'aria-busy',
];

/**
 * Tailwind classes carry `: / [ ] ( ) . % !`, so chunks split only on quotes, backticks and white space. A bare
 * identifier (`list.filter(…)`) counts as an attribute name or tag, never as a class.
 * @param {string} text
 * @returns {{ classes: string[], ids: string[], tags: string[], attributes: { names: string[], values: string[] }, undetermined: string[] }}
 */
export function scriptTokens(text) {
  const chunks = [...new Set(text.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? [])];
  const words = text.match(/[\w-]+/g) ?? [];
  const dataset = [...text.matchAll(/\bdataset\.(\w+)/g)].map(
    ([, name]) => `data-${(name ?? '').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
  );
  const names = [...new Set([...chunks, ...words, ...dataset])];
  return { classes: chunks, ids: chunks, tags: names, attributes: { names, values: chunks }, undetermined: [] };
}

/**
 * @param {string} css
 * @param {{ html?: string, scripts: string[] }} content
 * @returns {Promise<string>}
 */
export async function pruneCss(css, { html, scripts }) {
  const pruned = unregisterProperties(await purge(css, { html, scripts }));
  const formControls = /<(input|textarea|select)\b/.test(html ?? '') || scripts.some((text) => FORM_CONTROL_TOKEN.test(text));
  return formControls ? pruned : dropFormControlPseudoElements(pruned);
}

/**
 * Equal for two pages exactly when pruning `css` for them gives the same result, so a thousand articles prune once.
 * Ids and attribute values count only when a selector names them: nothing else can require them.
 * @param {string} css
 * @param {{ html?: string, scripts: string[] }} content
 * @returns {string}
 */
export function pruneKey(css, { html, scripts }) {
  const found = html ? purgeHtml(html) : { attributes: { names: [], values: [] }, classes: [], ids: [], tags: [], undetermined: [] };
  const { ids, values, everyValue } = selectorFacts(css);
  const valueMentioned = (/** @type {string} */ value) => everyValue || values.has(value);
  const set = (/** @type {string[]} */ tokens, keep = (/** @type {string} */ _token) => true) => [...new Set(tokens.filter(keep))].sort();
  const hash = (/** @type {string} */ text) => createHash('sha256').update(text).digest('base64');
  return JSON.stringify([
    set(found.classes),
    set(found.tags),
    set(found.attributes.names),
    set(found.undetermined),
    set(found.ids, (id) => ids.has(id)),
    set(found.attributes.values, valueMentioned),
    /<(input|textarea|select)\b/.test(html ?? ''),
    hash(scripts.join('\u0000')),
    hash(css),
  ]);
}

/** @type {Map<string, { ids: Set<string>, values: Set<string>, everyValue: boolean }>} */
const selectorFactsCache = new Map();

/**
 * An attribute selector with an operator other than `=` (prefix, suffix, substring, word) makes every value count.
 * @param {string} css
 */
function selectorFacts(css) {
  let facts = selectorFactsCache.get(css);
  if (facts) return facts;
  const found = { ids: new Set(/** @type {string[]} */ ([])), values: new Set(/** @type {string[]} */ ([])), everyValue: false };
  const read = selectorParser((selectors) => {
    selectors.walkIds((id) => {
      found.ids.add(id.value);
    });
    selectors.walkAttributes((attribute) => {
      if (attribute.value === undefined) return;
      if (attribute.operator && attribute.operator !== '=') found.everyValue = true;
      // Whole, and word by word, as the markup's values are read.
      found.values.add(attribute.value);
      for (const word of attribute.value.split(/\s+/)) found.values.add(word);
    });
  });
  postcss.parse(css).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(/** @type {import('postcss').AtRule} */ (rule.parent).name)) return;
    read.processSync(rule.selector);
  });
  facts = found;
  selectorFactsCache.set(css, facts);
  return facts;
}

/** How a script names a form control it creates: `createElement("input")`, React's `jsx("input", …)`. */
const FORM_CONTROL_TOKEN = /["'`](input|textarea|select)["'`]/;

// PurgeCSS keeps bare pseudo-element rules (they name no class or tag), but these match only form controls.
const FORM_CONTROL_PSEUDO =
  /^::(placeholder|file-selector-button|-webkit-(datetime-edit[\w-]*|date-and-time-value|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-decoration))$/;

/**
 * Tailwind's reset styles these pseudo-elements; if it names none of them, the reset has changed.
 * @param {string} css the site stylesheet
 */
export function requireFormControlPseudoElements(css) {
  let found = false;
  postcss.parse(css).walkRules((rule) => void (found ||= rule.selectors.some((selector) => FORM_CONTROL_PSEUDO.test(selector.trim()))));
  if (!found)
    throw new Error(
      `css-prune: the stylesheet has no rule for ::placeholder or the other form-control pseudo-elements: has Tailwind's reset changed?`,
    );
}

/** @param {string} css */
export function dropFormControlPseudoElements(css) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !FORM_CONTROL_PSEUDO.test(selector.trim()));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}

/**
 * @param {string} css
 * @param {{ html?: string, scripts: string[] }} content
 * @returns {Promise<string>}
 */
async function purge(css, { html, scripts }) {
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
  return result?.css ?? '';
}

/**
 * Tailwind's fallback for browsers without `@property` (initial values on every element, as in Tailwind 3) is all the
 * utilities need, so the registrations go and the fallback applies everywhere: about 0.45 KB gzip a page. Only
 * animating a custom property itself is lost, which no utility here does. A second fallback merges into the first.
 * Tailwind's own output shape (its `properties` layer) is the assumption: registrations without it stop the build.
 * @param {string} css
 */
export function unregisterProperties(css) {
  const root = postcss.parse(css);
  /** @type {import('postcss').Rule[]} */
  const everyElement = [];
  root.walkAtRules('layer', (layer) => {
    if (layer.params !== 'properties') return;
    layer.walkAtRules('supports', (supports) => {
      everyElement.push(...(supports.nodes ?? []).filter((node) => node.type === 'rule'));
      supports.replaceWith(supports.nodes ?? []);
    });
  });
  const [first, ...others] = everyElement;
  if (!first) {
    if (/@property\b/.test(css))
      throw new Error(
        `css-prune: the stylesheet registers custom properties but has no @layer properties fallback: has Tailwind (${TAILWIND}) changed its output?`,
      );
    return css;
  }
  const set = new Set(first.nodes.flatMap((node) => (node.type === 'decl' ? [node.prop] : [])));
  for (const rule of others) {
    for (const node of rule.nodes) if (node.type === 'decl' && !set.has(node.prop)) first.append(node.clone());
    const layer = rule.parent;
    rule.remove();
    if (layer?.nodes?.length === 0) layer.remove();
  }
  root.walkAtRules('property', (registration) => void registration.remove());
  return root.toString();
}

/**
 * `:root`, `:host`, `html` and `body` rules (the theme's custom properties) stay global, so an island's scoped sheet
 * can join any page without changing how the page's own elements cascade.
 * @param {string} css
 * @param {string} scope
 */
export async function scopeCss(css, scope) {
  const result = await postcss([prefixSelector({ prefix: scope, skipGlobalSelectors: true, exclude: [/^:host\b/] })]).process(css, {
    from: undefined,
  });
  return result.css;
}
