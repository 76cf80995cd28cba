/**
 * Frontmatter as the build reads it (Astro's own parser, so the check and the build agree on every value), with the
 * line of each field from the `yaml` package, so a problem points at it.
 */
import { extractFrontmatter, parseFrontmatter } from 'astro/markdown';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';

export interface Frontmatter {
  data: Record<string, unknown>;
  /** The file's line of a top-level field, or of the frontmatter's first line when the field is missing. */
  lineOf(field: string): number;
  error?: { line: number; message: string };
}

/** Astro's opening delimiter: the file's first non-blank line is --- (or +++ for TOML). */
const OPENING = /^\uFEFF?(?:\s*\n)?(---|\+\+\+)/;

export function readFrontmatter(source: string): Frontmatter | undefined {
  const opening = OPENING.exec(source);
  if (!opening) return undefined;
  // Line 1 of the YAML is the rest of the delimiter's line.
  const yamlLine = (line: number) => delimiterLine + line - 1;
  const delimiterLine = lineAt(source, opening.index + opening[0].length);
  let parsed: ReturnType<typeof parseFrontmatter>;
  try {
    parsed = parseFrontmatter(source);
  } catch (error) {
    // Where the yaml package also fails, its line and words are the clearer ones ("Missing closing 'quote" on the
    // line the quote opens, where Astro's parser names the next line).
    const lineCounter = new LineCounter();
    const [clearer] = parseDocument(extractFrontmatter(source) ?? '', { lineCounter, prettyErrors: false }).errors;
    const { mark, reason } = error as { mark?: { line: number }; reason?: string };
    return {
      data: {},
      lineOf: () => delimiterLine,
      error: clearer
        ? { line: yamlLine(lineCounter.linePos(clearer.pos[0]).line), message: clearer.message.split('\n')[0] ?? clearer.message }
        : { line: delimiterLine + (mark?.line ?? 0), message: reason ?? String(error) },
    };
  }
  if (parsed.rawFrontmatter === '') return undefined;
  const data = { ...(parsed.frontmatter as Record<string, unknown>) };
  const lines = new Map<string, number>();
  if (opening[1] === '---') {
    const lineCounter = new LineCounter();
    const document = parseDocument(parsed.rawFrontmatter, { lineCounter, prettyErrors: false });
    if (isMap(document.contents))
      for (const pair of document.contents.items) {
        if (!isScalar(pair.key) || !pair.key.range) continue;
        const field = String(pair.key.value);
        lines.set(field, yamlLine(lineCounter.linePos(pair.key.range[0]).line));
        // An unquoted date is a Date to Astro's parser, which rolls 2024-02-31 over to 2 March. The schema turns a
        // Date back into its day; here the day as written stands in for it, so a day that does not exist (or one
        // with a time) is refused by the same rule as a quoted one, and the build, which runs this check, refuses it too.
        if (data[field] instanceof Date && isScalar(pair.value)) data[field] = String(pair.value.source ?? pair.value.value).trim();
      }
  }
  return { data, lineOf: (field) => lines.get(field) ?? delimiterLine };
}

/** 1-based line of a character offset. */
function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}
