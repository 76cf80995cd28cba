/** Press mentions on the home page. Publications are invented for this demo and carry no link to a real outlet. */

export interface PressItem {
  /** The publication's name, shown as plain text (we have no right to anyone's logo). */
  source: string;
  headline: string;
  link: string;
}

export const press: readonly PressItem[] = [
  {
    source: 'The Property Ledger',
    headline: 'The removals start-up that shows you the price before you pick up the phone',
    link: '/about',
  },
  {
    source: 'Northern Business Weekly',
    headline: 'How Shiftly matches local vans with moves across the North',
    link: '/about',
  },
  {
    source: 'Move Smart Magazine',
    headline: 'Five honest quoting tools for your next house move, rated',
    link: '/how-it-works',
  },
];
