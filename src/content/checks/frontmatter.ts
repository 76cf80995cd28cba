/** Frontmatter with the line of each field, so a problem points at it. (The build reads the same YAML with Astro's parser.) */
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';

export interface Frontmatter {
  data: Record<string, unknown>;
  /** The file's line of a top-level field, or of the frontmatter's first line when the field is missing. */
  lineOf(field: string): number;
  bodyLine: number;
  error?: { line: number; message: string };
}

const BLOCK = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function readFrontmatter(source: string): Frontmatter | undefined {
  const block = BLOCK.exec(source);
  if (!block) return undefined;
  const yamlText = block[1] ?? '';
  // Line 1 is the opening ---, so the YAML's first line is line 2 of the file.
  const firstLine = 2;
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: false });
  const lines = new Map<string, number>();
  if (isMap(document.contents)) {
    for (const pair of document.contents.items) {
      if (isScalar(pair.key) && pair.key.range) {
        lines.set(String(pair.key.value), lineCounter.linePos(pair.key.range[0]).line + firstLine - 1);
      }
    }
  }
  const [yamlError] = document.errors;
  const data = yamlError ? {} : document.toJS();
  return {
    data: data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
    lineOf: (field) => lines.get(field) ?? 1,
    bodyLine: block[0].split('\n').length,
    ...(yamlError && {
      error: {
        line: (yamlError.linePos?.[0]?.line ?? 1) + firstLine - 1,
        message: yamlError.message.split('\n')[0] ?? yamlError.message,
      },
    }),
  };
}
