import { generateReference } from '../../src/lib/reference';
import type { RecordType } from './records';

/** A fresh reference, claimed in the database so no two requests ever share one. */
export async function issueReference(db: D1Database, recordType: RecordType, now: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const reference = generateReference();
    const result = await db
      .prepare('INSERT OR IGNORE INTO reference_numbers (reference, record_type, created_at) VALUES (?, ?, ?)')
      .bind(reference, recordType, now)
      .run();
    if (result.meta.changes === 1) return reference;
  }
  throw new Error('Could not issue a unique reference');
}
