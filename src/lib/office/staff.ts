/** Staff sign in the way customers do, with a session of their own (issue 33 item 1). */
import * as z from 'zod/mini';
import { emailField, nameField } from '../schemas';
import { CONFIRM_FIELD } from './confirm-removal';

export const STAFF_SESSION_HOURS = 12;
export type StaffRole = 'owner' | 'staff';

/** The owner's form for adding a member of staff. */
export const addStaffSchema = z.object({ name: nameField('Please enter their name.'), email: emailField });

/**
 * The staff page's "Remove" button and the confirmation page's own (with CONFIRM_FIELD): the member's address, as it was
 * added (addStaffSchema).
 */
export const removeStaffSchema = z.object({ email: emailField, [CONFIRM_FIELD]: z.optional(z.string().check(z.maxLength(8))) });

export const STAFF_NOTICES = {
  added: 'Added. They can now sign in at /login with their e-mail address: we have e-mailed them how.',
  removed: 'Removed. Any session they had has ended.',
  owner: 'The owner is set by the OWNER_EMAIL setting and cannot be added or removed here.',
} as const;
export type StaffNotice = keyof typeof STAFF_NOTICES;
