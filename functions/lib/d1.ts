/** `column` as `table.column`. */
export const isUniqueViolation = (error: unknown, column: string): boolean => String(error).includes(`UNIQUE constraint failed: ${column}`);

const CALLS = new Set(['first', 'all', 'run', 'raw']);
const REAL = Symbol('the binding’s own statement');

/** Test environments only: counts round trips (statement calls, batches, execs) so a test can hold a request to a budget. */
export function countingD1(db: D1Database): { db: D1Database; count: () => number } {
  let count = 0;
  const statement = (real: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(real, {
      get(target, name) {
        if (name === REAL) return target;
        if (name === 'bind') return (...values: unknown[]) => statement(target.bind(...values));
        const value: unknown = Reflect.get(target, name, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (typeof name === 'string' && CALLS.has(name)) count += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const unwrap = (wrapped: D1PreparedStatement) => (wrapped as unknown as Record<typeof REAL, D1PreparedStatement>)[REAL] ?? wrapped;
  const counted = new Proxy(db, {
    get(target, name) {
      if (name === 'prepare') return (query: string) => statement(target.prepare(query));
      if (name === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          count += 1;
          return target.batch(statements.map(unwrap));
        };
      }
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (name === 'exec') count += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: counted, count: () => count };
}

/**
 * With `afterChange`, the row is inserted only if the batch's previous statement changed a row (SQLite's changes()).
 * Safe only because each chained statement is made in the same array literal as the statement it follows (a guarded
 * UPDATE, then its event, stage or audit line): a statement put between them would silently turn the write off, so a
 * new statement goes before the guarded one or after the chain, never inside it (issue 42 item 2).
 */
export function insertValues(count: number, { afterChange = false } = {}): string {
  const marks = Array.from({ length: count }, () => '?').join(', ');
  return afterChange ? `SELECT ${marks} WHERE changes() = 1` : `VALUES (${marks})`;
}
