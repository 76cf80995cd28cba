/** What the Worker needs to know about D1 beyond its binding. */

/** True when D1 refused a statement for a UNIQUE constraint on `column` (`table.column`). */
export const isUniqueViolation = (error: unknown, column: string): boolean => String(error).includes(`UNIQUE constraint failed: ${column}`);

const CALLS = new Set(['first', 'all', 'run', 'raw']);
const REAL = Symbol('the binding’s own statement');

/**
 * The D1 binding with each round trip to the database counted: a statement's first/all/run/raw, a batch, an exec.
 * Test environments only (D1_ROUND_TRIPS_HEADER), so a test can hold the Worker to a number of round trips per request.
 */
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
 * The values part of an INSERT of `count` bound values: `VALUES (?, …)`, or with `afterChange` a SELECT that inserts
 * only if the statement before it in the batch changed a row (SQLite's changes()), as a change to a quote chains its
 * rows (quote/manage.ts).
 */
export function insertValues(count: number, { afterChange = false } = {}): string {
  const marks = Array.from({ length: count }, () => '?').join(', ');
  return afterChange ? `SELECT ${marks} WHERE changes() = 1` : `VALUES (${marks})`;
}
