// Short class names in a built page (the whole document in the first round trip), since Tailwind's names are about a
// tenth of a page's bytes. Classes no rule matches are dropped; a class a script of the page names keeps its name,
// since the script may add it, look for it or render it (as a hydrating React island does).
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { decodeHTMLAttribute } from 'entities';

/** A start tag up to its class attribute (other attributes read whole, so a `>` in a value is no end), the white space
 * and `class=`, then the value in double or single quotes. */
const CLASS_ATTRIBUTE =
  /(<[a-zA-Z][\w:.-]*(?:\s+(?!class=)[^\s"'=<>`/]+(?:=(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)(\s+class=)(?:"([^"]*)"|'([^']*)')/g;
const STYLE = /(<style[^>]*>)([\s\S]*?)(<\/style>)/g;
const RAW_TEXT = /<(script|style|template|textarea)\b[^>]*>[\s\S]*?<\/\1>/gi;
const FIRST = 'abcdefghijklmnopqrstuvwxyz';
const REST = `${FIRST}0123456789`;

/** The nth short name: a…z, then aa…a9, ba…z9, then aaa…, in that order; never starting with a digit or a hyphen. */
function shortName(n: number) {
  let length = 0;
  for (let size = FIRST.length; n >= size; size *= REST.length) {
    n -= size;
    length++;
  }
  let rest = '';
  for (; length > 0; length--, n = Math.floor(n / REST.length)) rest = REST[n % REST.length] + rest;
  return FIRST[n] + rest;
}

function renameClasses(css: string, rename: (name: string) => string | undefined) {
  const rewrite = selectorParser((selectors) =>
    selectors.walkClasses((node) => {
      const short = rename(node.value);
      if (short) node.value = short;
    }),
  );
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    rule.selector = rewrite.processSync(rule.selector);
  });
  return root.toString();
}

/** `html`: a built page whose inline CSS has been pruned to what it uses; `kept`: the class names a script names. */
export function shortenClasses(html: string, kept: Set<string>): string {
  const styled = new Set<string>();
  renameClasses([...html.matchAll(STYLE)].map(([, , body]) => body).join('\n'), (name) => void styled.add(name));
  // Raw text is blanked while reading, so a `class=` inside a script string is never touched; a textarea's own
  // start tag is markup like any other.
  const markup = html.replace(RAW_TEXT, (text, name: string) => {
    const open = name.toLowerCase() === 'textarea' ? text.indexOf('>') + 1 : 0;
    return text.slice(0, open) + ' '.repeat(text.length - open);
  });

  const uses = new Map<string, number>();
  const attributes = [...markup.matchAll(CLASS_ATTRIBUTE)].map((match) => {
    const [whole, tag = '', , doubleQuoted, singleQuoted] = match;
    const tokens = (doubleQuoted ?? singleQuoted ?? '').split(/\s+/).filter(Boolean);
    for (const name of tokens.map(decodeHTMLAttribute)) uses.set(name, (uses.get(name) ?? 0) + 1);
    return { start: match.index + tag.length, end: match.index + whole.length, tokens };
  });

  // The most used get the shortest names; a short name is never a name that stays.
  const renamable = [...uses.keys()].filter((name) => styled.has(name) && !kept.has(name));
  renamable.sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0) || (a < b ? -1 : 1));
  const renamed = new Set(renamable);
  const taken = new Set([...kept, ...styled].filter((name) => !renamed.has(name)));
  const names = new Map<string, string>();
  let next = 0;
  for (const name of renamable) {
    while (taken.has(shortName(next))) next++;
    names.set(name, shortName(next++));
  }

  let out = '';
  let last = 0;
  for (const { start, end, tokens } of attributes) {
    const value = tokens
      .filter((token) => styled.has(decodeHTMLAttribute(token)) || kept.has(decodeHTMLAttribute(token)))
      .map((token) => names.get(decodeHTMLAttribute(token)) ?? token)
      .join(' ');
    out += html.slice(last, start) + (value ? ` class="${value}"` : '');
    last = end;
  }
  out += html.slice(last);
  return out.replace(STYLE, (_whole, open, body, close) => open + renameClasses(body, (name) => names.get(name)) + close);
}
