/**
 * Removing a member of staff, a crew or a van asks first (issue 40 item 4): the remove button's post, without
 * CONFIRM_FIELD, is answered with a page that says what removing does and asks again; only the post from that page's
 * own button removes. Plain forms both, so it works without JavaScript. The words for each are here.
 */
import { OFFICE_PATHS } from './paths';

export const CONFIRM_FIELD = 'confirm';
export const CONFIRM_VALUE = 'yes';

export const isConfirmed = (values: URLSearchParams | Record<string, string | undefined>): boolean =>
  (values instanceof URLSearchParams ? values.get(CONFIRM_FIELD) : values[CONFIRM_FIELD]) === CONFIRM_VALUE;

/** What the confirmation page (src/pages/office/confirm-removal.astro) shows and posts. */
export interface RemovalQuestion {
  section: 'diary' | 'staff';
  heading: string;
  /** What removing does, each a sentence of its own. */
  consequences: string[];
  button: string;
  /** Where the button posts, with `fields` and CONFIRM_FIELD. */
  action: string;
  fields: Record<string, string>;
  back: { href: string; label: string };
}

export function staffRemoval(member: { name: string; email: string }): RemovalQuestion {
  return {
    section: 'staff',
    heading: `Remove ${member.name} from the staff?`,
    consequences: [
      `${member.name} (${member.email}) will no longer be able to sign in to the office, and any session they have open ends at once.`,
      'What they did stays in each lead’s history under their name. You can add them again later.',
    ],
    button: `Yes, remove ${member.name}`,
    action: `${OFFICE_PATHS.staff}/remove`,
    fields: { email: member.email },
    back: { href: OFFICE_PATHS.staff, label: `No, keep ${member.name}` },
  };
}

/** A crew or a van, with how many moves from today still have it in the diary. */
export function fleetRemoval(kind: 'crew' | 'van', id: number, label: string, upcoming: number): RemovalQuestion {
  const thing = kind === 'crew' ? `the crew ${label}` : `the van ${label}`;
  const booked =
    upcoming === 0
      ? `No move from today on is booked with ${kind === 'crew' ? 'this crew' : 'this van'}.`
      : `${upcoming === 1 ? 'One move' : `${upcoming} moves`} from today on ${upcoming === 1 ? 'is' : 'are'} booked with ${kind === 'crew' ? 'this crew' : 'this van'}: ${upcoming === 1 ? 'it keeps' : 'they keep'} it in the diary until you book ${upcoming === 1 ? 'it' : 'them'} another.`;
  return {
    section: 'diary',
    heading: `Remove ${thing}?`,
    consequences: [`It will no longer be offered when booking a move, and the diary counts one ${kind} fewer on every day.`, booked],
    button: `Yes, remove ${thing}`,
    action: OFFICE_PATHS.diary,
    fields: { action: `remove-${kind}`, id: String(id) },
    back: { href: OFFICE_PATHS.diary, label: `No, keep ${kind === 'crew' ? 'the crew' : 'the van'}` },
  };
}
