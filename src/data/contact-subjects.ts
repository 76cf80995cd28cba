/** The subjects of the contact form. `?subject=<value>` on /contact preselects one (drivers and careers pages link that way). */

export interface ContactSubject {
  value: string;
  label: string;
}

export const contactSubjects: readonly ContactSubject[] = [
  { value: 'general', label: 'General question' },
  { value: 'quote', label: 'A question about my quote' },
  { value: 'booking', label: 'An existing booking' },
  { value: 'driver-application', label: 'Driver application' },
  { value: 'careers', label: 'Careers at Shiftly' },
  { value: 'feedback', label: 'Feedback or a complaint' },
];

export function isContactSubject(value: string): boolean {
  return contactSubjects.some((subject) => subject.value === value);
}
