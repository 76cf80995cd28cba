/** The leadership team on /about. People are invented for this site; avatars are drawn SVGs, never photos. */

export interface TeamMember {
  id: string;
  name: string;
  role: string;
  bio: string;
  initials: string;
  /** Colours for the drawn avatar: background, shirt, hair and skin. */
  palette: readonly [string, string, string, string];
}

export const team: readonly TeamMember[] = [
  {
    id: 'hannah-okafor',
    name: 'Hannah Okafor',
    role: 'Co-founder and Chief Executive',
    bio: 'Ran logistics for a national furniture retailer for nine years, then moved house four times in three years and decided the quoting had to change.',
    initials: 'HO',
    palette: ['#dbe7fe', '#1d3bd8', '#2b1a12', '#8d5a3b'],
  },
  {
    id: 'callum-reid',
    name: 'Callum Reid',
    role: 'Co-founder and Chief Operating Officer',
    bio: 'Drove his own Luton van out of Glasgow for six years. Now looks after the crews, the vans and the standards every move is held to.',
    initials: 'CR',
    palette: ['#fef3c7', '#b45309', '#a4491f', '#f3d2b8'],
  },
  {
    id: 'meera-shah',
    name: 'Meera Shah',
    role: 'Chief Technology Officer',
    bio: 'Built pricing systems for a rail operator. She is the reason your estimate is worked out from the distance between your postcodes rather than a guess.',
    initials: 'MS',
    palette: ['#dcfce7', '#15803d', '#111111', '#c68d62'],
  },
];
