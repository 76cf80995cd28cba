/** Property size packages (spec section 3), in plain words: the spec's '2 van - 4 movers' reads '2 vans, 4 movers' (issue 18). */

export type PackageId = 'mini' | 'studio' | 'two-bed' | 'three-bed';
export type PackageIcon = 'box' | 'studio' | 'flat' | 'house';

export interface PropertyPackage {
  id: PackageId;
  title: string;
  /** Whole pounds. */
  basePrice: number;
  details: readonly string[];
  icon: PackageIcon;
  maxBoxes: string;
  miles: string;
  /** The crew the package sends: how many vans and movers (a partner taking the move is asked for as many movers). */
  vans: number;
  movers: number;
  /** The crew in words, made from the numbers: '1 van, 2 movers'. */
  crew: string;
  iconBg: string;
}

export const FREE_MILES = 25;

const MILES = `Includes up to ${FREE_MILES} miles`;

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function pack(base: Omit<PropertyPackage, 'details' | 'miles' | 'crew'>, hours?: string): PropertyPackage {
  const crew = `${counted(base.vans, 'van')}, ${counted(base.movers, 'mover')}`;
  return { ...base, crew, miles: MILES, details: [base.maxBoxes, crew, ...(hours ? [hours] : []), MILES] };
}

export const packages: readonly PropertyPackage[] = [
  pack(
    {
      id: 'mini',
      title: 'Mini Move',
      basePrice: 199,
      icon: 'box',
      maxBoxes: 'Max 10 boxes',
      vans: 1,
      movers: 2,
      iconBg: 'bg-sky-100',
    },
    'Up to 2 hrs',
  ),
  pack({
    id: 'studio',
    title: '1 bedroom / Studio',
    basePrice: 349,
    icon: 'studio',
    maxBoxes: 'Max 30 boxes',
    vans: 1,
    movers: 2,
    iconBg: 'bg-blue-100',
  }),
  pack({
    id: 'two-bed',
    title: '2 bedrooms',
    basePrice: 599,
    icon: 'flat',
    maxBoxes: 'Max 50 boxes',
    vans: 1,
    movers: 3,
    iconBg: 'bg-indigo-100',
  }),
  pack({
    id: 'three-bed',
    title: '3 bedrooms',
    basePrice: 1099,
    icon: 'house',
    maxBoxes: 'Max 75 boxes',
    vans: 2,
    movers: 4,
    iconBg: 'bg-cyan-100',
  }),
];

export const packageIds = packages.map((p) => p.id) as readonly PackageId[];

export function findPackage(id: string): PropertyPackage | undefined {
  return packages.find((p) => p.id === id);
}
