/** Staff sign in the way customers do, with a session of their own (issue 33 item 1). */
export const STAFF_SESSION_HOURS = 12;
export type StaffRole = 'owner' | 'staff';
