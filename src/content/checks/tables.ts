/**
 * The browser editor writes a table with its columns lined up (markdown-table's defaults, through Keystatic): each cell
 * padded to its column's widest, the dashes as wide, every row as many cells as the widest. A table written another
 * way is valid Markdown, but the editor would rewrite it on its first save, so the check asks for this form.
 */

/** A row's cells as written: split on `|` not escaped, without the outer pipes, trimmed. */
const cellsOf = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/**
 * The table on lines `start` to `end` (1-based) of `lines` as the editor would save it (outer pipes included), or null
 * when it is written so already.
 */
export function linedUpTable(lines: readonly string[], start: number, end: number): string | null {
  const written = lines.slice(start - 1, end);
  if (written.length < 2) return null;
  const [header = [], , ...body] = written.map(cellsOf);
  const rows = [header, ...body];
  const columns = Math.max(...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) => Math.max(1, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) => `| ${widths.map((width, column) => (row[column] ?? '').padEnd(width)).join(' | ')} |`;
  const linedUp = [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)];
  return linedUp.every((row, index) => row === written[index]) ? null : linedUp.join('\n');
}
