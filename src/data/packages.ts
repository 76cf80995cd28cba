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
  movers: string;
  iconBg: string;
}

export const FREE_MILES = 25;

const MILES = `Includes up to ${FREE_MILES} miles`;

function pack(base: Omit<PropertyPackage, 'details' | 'miles'>, hours?: string): PropertyPackage {
  return { ...base, miles: MILES, details: [base.maxBoxes, base.movers, ...(hours ? [hours] : []), MILES] };
}

export const packages: readonly PropertyPackage[] = [
  pack(
    {
      id: 'mini',
      title: 'Mini Move',
      basePrice: 199,
      icon: 'box',
      maxBoxes: 'Max 10 boxes',
      movers: '1 van, 2 movers',
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
    movers: '1 van, 2 movers',
    iconBg: 'bg-blue-100',
  }),
  pack({
    id: 'two-bed',
    title: '2 bedrooms',
    basePrice: 599,
    icon: 'flat',
    maxBoxes: 'Max 50 boxes',
    movers: '1 van, 3 movers',
    iconBg: 'bg-indigo-100',
  }),
  pack({
    id: 'three-bed',
    title: '3 bedrooms',
    basePrice: 1099,
    icon: 'house',
    maxBoxes: 'Max 75 boxes',
    movers: '2 vans, 4 movers',
    iconBg: 'bg-cyan-100',
  }),
];

export const packageIds = packages.map((p) => p.id) as readonly PackageId[];

export function findPackage(id: string): PropertyPackage | undefined {
  return packages.find((p) => p.id === id);
}
