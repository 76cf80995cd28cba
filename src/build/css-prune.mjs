// @ts-check
/**
 * Pruning a stylesheet to what some markup and scripts can match, with PurgeCSS. The markup is read by
 * purgecss-from-html (classes, ids, tags, attribute names and values, exactly); scripts are read for every
 * string that could be a class (Tailwind classes carry `: / [ ] ( ) . % !`, so tokens split only on quotes,
 * backticks and white space) and every identifier as an attribute name (such as `hidden`), plus `dataset.fooBar`
 * as `data-foo-bar`. So a class a script adds is kept exactly when that script's code names it: the safelist
 * is derived from the code, not maintained by hand.
 */
import { createHash } from 'node:crypto';
import { PurgeCSS } from 'purgecss';
import purgeHtml from 'purgecss-from-html';
import postcss from 'postcss';
import prefixSelector from 'postcss-prefix-selector';
import selectorParser from 'postcss-selector-parser';

/**
 * ARIA states scripts and React set at run time, usually from a boolean the minifier turns into `!0`, so their
 * values ("true") are not in the code: a selector on one of these is kept whenever its class is.
 */
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
 * What a script can match. Its quoted and white-space separated chunks are the classes, ids and attribute values it can
 * write; its identifiers too can be attribute names (`el.hidden = true`) and tags. A word that is only an identifier
 * (`list.filter(…)`) is never a class, so `.filter` is not kept for it.
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
 * The CSS of `css` that `html` and `scripts` can match (unused keyframes, font faces and custom properties go too).
 * @param {string} css
 * @param {{ html?: string, scripts: string[] }} content
 * @returns {Promise<string>}
 */
export async function pruneCss(css, { html, scripts }) {
  const pruned = unregisterProperties(dropUnusedProperties(await purge(css, { html, scripts })));
  const formControls = /<(input|textarea|select)\b/.test(html ?? '') || scripts.some((text) => FORM_CONTROL_TOKEN.test(text));
  return formControls ? pruned : dropFormControlPseudoElements(pruned);
}

/**
 * A key that is the same for two pages exactly when pruning `css` for them must give the same result, so a build
 * with many pages of one kind (a thousand articles) prunes once per kind instead of once per page. It is made of
 * what PurgeCSS decides by: the markup's classes, tags and attribute names as they are; of its ids only those the
 * CSS's selectors name, and of its attribute values (split into words, as purgecss-from-html reads them) only those
 * found in the values of the CSS's attribute selectors: a word no selector mentions cannot be required by any. The
 * scripts and the CSS are in it whole.
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
 * The ids and attribute values a stylesheet's selectors name (read once per stylesheet). An attribute selector
 * with an operator other than `=` (prefix, suffix, substring, word) makes every value count.
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

/**
 * Rules whose every selector is a bare pseudo-element only form controls have (the reset's placeholder, date-field,
 * spin-button, file-button rules): PurgeCSS keeps them (a pseudo-element names no class or tag), but on a page that
 * has no form control, and no script that makes one, they can match nothing.
 */
const FORM_CONTROL_PSEUDO =
  /^::(placeholder|file-selector-button|-webkit-(datetime-edit[\w-]*|date-and-time-value|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-decoration))$/;

/** @param {string} css */
export function dropFormControlPseudoElements(css) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !FORM_CONTROL_PSEUDO.test(selector.trim()));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  // At-rules left empty (an @supports that only held those rules).
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
 * PurgeCSS leaves `@property` registrations alone; Tailwind registers one for every `--tw-*` property any utility
 * of the site uses. A registration for a property nothing left in the sheet mentions is dropped.
 * @param {string} css
 */
export function dropUnusedProperties(css) {
  const root = postcss.parse(css);
  const mentioned = new Set();
  root.walkDecls((decl) => {
    if (decl.parent?.type === 'atrule' && /** @type {import('postcss').AtRule} */ (decl.parent).name === 'property') return;
    for (const [name] of `${decl.prop} ${decl.value}`.matchAll(/--[\w-]+/g)) mentioned.add(name);
  });
  root.walkAtRules('property', (rule) => {
    if (!mentioned.has(rule.params.trim())) rule.remove();
  });
  return root.toString();
}

/**
 * Tailwind registers each `--tw-*` property with `@property` (an initial value, not inherited) and, for browsers
 * without `@property`, sets the same initial values on every element in `@layer properties` behind an `@supports`.
 * Setting them on every element is all the utilities need (it is how Tailwind 3 worked): the registrations go and the
 * fallback applies everywhere, about 150 bytes less per page (issue 20). Only what registration adds beyond that is
 * lost: animating a custom property itself, which no utility of this site does. (A registered property the fallback
 * no longer sets is one no rule reads: PurgeCSS dropped its initial value as unused.) A stylesheet with a component's
 * own Tailwind block has a second such fallback: what it sets that the first does not moves into the first.
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
  if (!first) return css;
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
 * Scopes every rule to `scope` (a descendant selector), leaving `:root`, `:host`, `html` and `body` rules (the
 * theme's custom properties) global. An island's sheet scoped to its host can be added to any page without
 * changing how the page's own elements cascade: inside the host its rules win, outside they match nothing.
 * @param {string} css
 * @param {string} scope
 */
export async function scopeCss(css, scope) {
  const result = await postcss([prefixSelector({ prefix: scope, skipGlobalSelectors: true, exclude: [/^:host\b/] })]).process(css, {
    from: undefined,
  });
  return result.css;
}
