// @ts-check
// Short class names in a built page (issue 20: the whole document in the first round trip), since Tailwind's names are
// about a tenth of a page's bytes. Classes no rule matches are dropped; a class a script of the page names keeps its
// name, since the script may add it, look for it or render it (as a hydrating React island does). Builds only.
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';

/** A start tag up to its class attribute (other attributes read whole, so a `>` in a value is no end), the white space
 * and `class=`, then the value in double or single quotes. */
const CLASS_ATTRIBUTE =
  /(<[a-zA-Z][\w:.-]*(?:\s+(?!class=)[^\s"'=<>`/]+(?:=(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)(\s+class=)(?:"([^"]*)"|'([^']*)')/g;
const STYLE = /(<style[^>]*>)([\s\S]*?)(<\/style>)/g;
/** A start tag, read whole as CLASS_ATTRIBUTE reads one. */
const START_TAG = /<[a-zA-Z][\w:.-]*(?:\s+[^\s"'=<>`/]+(?:=(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/g;
const RAW_TEXT = /<(script|style|template|textarea)\b[^>]*>[\s\S]*?<\/\1>/gi;

/** Short identifiers in order: a…z, then a0…z9, aa…zz, then longer. Never starts with a digit or a hyphen. */
function* shortNames() {
  const first = 'abcdefghijklmnopqrstuvwxyz';
  const rest = 'abcdefghijklmnopqrstuvwxyz0123456789';
  for (const a of first) yield a;
  for (let length = 1; ; length++) {
    const counters = new Array(length).fill(0);
    for (const a of first) {
      counters.fill(0);
      for (;;) {
        yield a + counters.map((i) => rest[i]).join('');
        let position = length - 1;
        while (position >= 0 && ++counters[position] === rest.length) counters[position--] = 0;
        if (position < 0) break;
      }
    }
  }
}

/** @param {string} css */
function cssClasses(css) {
  /** @type {Set<string>} */
  const classes = new Set();
  const collect = selectorParser((selectors) => selectors.walkClasses((node) => void classes.add(node.value)));
  postcss.parse(css).walkRules((rule) => void collect.processSync(rule.selector));
  return classes;
}

/**
 * @param {string} css
 * @param {Map<string, string>} names
 */
function renameInCss(css, names) {
  const rename = selectorParser((selectors) =>
    selectors.walkClasses((node) => {
      const short = names.get(node.value);
      if (short) node.value = short;
    }),
  );
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    rule.selector = rename.processSync(rule.selector);
  });
  return root.toString();
}

const ENTITIES = /** @type {Record<string, string>} */ ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' });
/** Text as written in an attribute (`[&amp;_p]:mt-2`) → as it is meant (`[&_p]:mt-2`): the class name CSS matches. */
export const decodeEntities = (/** @type {string} */ token) =>
  token.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, body) =>
    body[0] === '#'
      ? String.fromCodePoint(Number(body[1] === 'x' || body[1] === 'X' ? `0${body.slice(1)}` : body.slice(1)))
      : (ENTITIES[body.toLowerCase()] ?? entity),
  );

/**
 * @param {string} html a built page whose inline CSS has been pruned to what it uses
 * @param {Set<string>} scriptKept class names that must keep their name (named by a script the page can run)
 * @returns {string}
 */
export function shortenClasses(html, scriptKept) {
  const css = [...html.matchAll(STYLE)].map(([, , body]) => body ?? '').join('\n');
  const styled = cssClasses(css);
  // Raw text (scripts, styles) is blanked while reading so a `class=` inside a script string is never touched. A
  // textarea's own start tag is markup like any other (its class is styled); only what it holds is text.
  const markup = html.replace(RAW_TEXT, (text, name) => {
    const open = name.toLowerCase() === 'textarea' ? text.indexOf('>') + 1 : 0;
    return text.slice(0, open) + ' '.repeat(text.length - open);
  });
  // Markup the Worker writes at request time copies an element marked `data-worker-markup` (a row of /account, of a
  // quote's history): its classes keep their names, or the Worker's copy would name classes the page no longer has.
  const kept = new Set(scriptKept);
  for (const [tag] of markup.matchAll(START_TAG)) {
    if (!/\sdata-worker-markup(?=[\s=/>])/.test(tag)) continue;
    for (const [, doubleQuoted, singleQuoted] of tag.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)')/g))
      for (const name of (doubleQuoted ?? singleQuoted ?? '').split(/\s+/).filter(Boolean)) kept.add(decodeEntities(name));
  }

  /** @type {Map<string, number>} how many elements use each class */
  const uses = new Map();
  /** @type {Array<{ start: number, end: number, tokens: string[] }>} each class attribute, from its leading space */
  const attributes = [];
  for (const match of markup.matchAll(CLASS_ATTRIBUTE)) {
    const [whole, tag = '', , doubleQuoted, singleQuoted] = match;
    const tokens = (doubleQuoted ?? singleQuoted ?? '').split(/\s+/).filter(Boolean);
    const start = (match.index ?? 0) + tag.length;
    attributes.push({ start, end: (match.index ?? 0) + whole.length, tokens });
    for (const name of tokens.map(decodeEntities)) uses.set(name, (uses.get(name) ?? 0) + 1);
  }

  const renamable = [...uses.keys()].filter((name) => styled.has(name) && !kept.has(name));
  renamable.sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0) || (a < b ? -1 : 1));
  /** Every class name that stays as it is: a short name must never be one of them. */
  const taken = new Set([...kept, ...styled].filter((name) => !renamable.includes(name)));
  /** @type {Map<string, string>} */
  const names = new Map();
  const generator = shortNames();
  for (const name of renamable) {
    let short = generator.next().value ?? '';
    while (taken.has(short)) short = generator.next().value ?? '';
    names.set(name, short);
  }

  let out = '';
  let last = 0;
  for (const { start, end, tokens } of attributes) {
    const value = tokens
      .filter((token) => styled.has(decodeEntities(token)) || kept.has(decodeEntities(token)))
      .map((token) => names.get(decodeEntities(token)) ?? token)
      .join(' ');
    out += html.slice(last, start) + (value ? ` class="${value}"` : '');
    last = end;
  }
  out += html.slice(last);
  return out.replace(STYLE, (_whole, open, body, close) => open + renameInCss(body, names) + close);
}
