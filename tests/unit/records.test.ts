/** The Worker's one list of record types against the migration's CHECK constraints, and the tables they name. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTBOX_ONLY_TYPES, RECORD_TABLES, RECORD_TYPES } from '../../functions/lib/records';

const migrations = readdirSync('migrations')
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => readFileSync(`migrations/${name}`, 'utf8'))
  .join('\n');

/** The values a column's CHECK (... IN (...)) allows, in the table's latest definition (a rebuilt table is `<table>_new`). */
function allowed(table: string, column: string): string[] {
  const definitions = [...migrations.matchAll(new RegExp(`CREATE TABLE ${table}(?:_new)? \\(([\\s\\S]*?)\\n\\);`, 'g'))];
  const body = definitions.at(-1)?.[1] ?? '';
  const list = new RegExp(`${column} TEXT NOT NULL CHECK \\(${column} IN \\(([^)]*)\\)\\)`).exec(body)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('record types', () => {
  it('are exactly what reference_numbers and email_outbox allow', () => {
    expect(allowed('reference_numbers', 'record_type')).toEqual(RECORD_TYPES);
    expect(allowed('email_outbox', 'record_type')).toEqual([...RECORD_TYPES, ...OUTBOX_ONLY_TYPES]);
  });
  it('each has its table, with the columns every lead shares', () => {
    for (const type of RECORD_TYPES) {
      const body = new RegExp(`CREATE TABLE ${RECORD_TABLES[type]} \\(([\\s\\S]*?)\\n\\);`).exec(migrations)?.[1];
      expect(body, RECORD_TABLES[type]).toBeDefined();
      for (const column of ['reference TEXT NOT NULL UNIQUE', 'created_at TEXT NOT NULL', 'email_status TEXT NOT NULL'])
        expect(body).toContain(column);
    }
  });
});
