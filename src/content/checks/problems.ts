/** A problem as an editor reads it: the file, the line and one plain sentence saying what is wrong and how to fix it. */
export interface ArticleProblem {
  file: string;
  /** 1-based; undefined for a problem with the file as a whole (its name, say). */
  line?: number | undefined;
  column?: number | undefined;
  /** A short stable name, for tests and grouping. */
  rule: string;
  message: string;
}

export function problemLocation({ file, line, column }: Pick<ArticleProblem, 'file' | 'line' | 'column'>): string {
  if (line === undefined) return file;
  return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
}

export function formatProblems(problems: readonly ArticleProblem[]): string {
  return sortProblems(problems)
    .map((problem) => `  ${problemLocation(problem)}\n    ${problem.message}`)
    .join('\n');
}

export function sortProblems(problems: readonly ArticleProblem[]): ArticleProblem[] {
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

export function problemsSummary(problems: readonly ArticleProblem[]): string {
  const files = new Set(problems.map((problem) => problem.file)).size;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(problems.length, 'problem')} in ${plural(files, 'file')} under src/content/articles`;
}
