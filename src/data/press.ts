/** Press mentions on the home page. Publications are invented for this demo and carry no link to a real outlet. */

export interface PressItem {
  source: string;
  /** Short wordmark text drawn as the logo. */
  logo: string;
  headline: string;
  /** Where the piece can be read; internal until real coverage exists. */
  link: string;
}

export const press: readonly PressItem[] = [
  {
    source: 'The Property Ledger',
    logo: 'Property Ledger',
    headline: 'The removals start-up that shows you the price before you pick up the phone',
    link: '/about',
  },
  {
    source: 'Northern Business Weekly',
    logo: 'NBW',
    headline: 'How Shiftly matched 500 vans with thousands of moves across the North',
    link: '/about',
  },
  {
    source: 'Move Smart Magazine',
    logo: 'Move Smart',
    headline: 'Five honest quoting tools for your next house move, rated',
    link: '/how-it-works',
  },
];
