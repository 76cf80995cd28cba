import { generateReference } from '~/lib/reference';
import { isUniqueViolation } from './d1';
import type { RecordType } from './records';

/** reference_numbers holds every reference ever issued, whatever the record. */
export function newReference(db: D1Database, recordType: RecordType, createdAt: string): { reference: string; claim: D1PreparedStatement } {
  const reference = generateReference();
  return {
    reference,
    claim: db
      .prepare('INSERT INTO reference_numbers (reference, record_type, created_at) VALUES (?, ?, ?)')
      .bind(reference, recordType, createdAt),
  };
}

/** 1 in 35 trillion a draw: another draw will do. */
export const referenceTaken = (error: unknown) => isUniqueViolation(error, 'reference_numbers.reference');
