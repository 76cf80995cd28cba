/**
 * Property size packages (spec section 3). The pricing engine, the wizard and the e-mails all read this table.
 * The spec's figures, in plain words: its '2 van - 4 movers' reads '2 vans, 4 movers' (issue 18).
 */

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
  /** Tailwind background class for the icon tile. */
  iconBg: string;
}

export const FREE_MILES = 25;

export const packages: readonly PropertyPackage[] = [
  {
    id: 'mini',
    title: 'Mini Move',
    basePrice: 199,
    details: ['Max 10 boxes', '1 van, 2 movers', 'Up to 2 hrs', 'Includes up to 25 miles'],
    icon: 'box',
    maxBoxes: 'Max 10 boxes',
    miles: 'Includes up to 25 miles',
    movers: '1 van, 2 movers',
    iconBg: 'bg-sky-100',
  },
  {
    id: 'studio',
    title: '1 bedroom / Studio',
    basePrice: 349,
    details: ['Max 30 boxes', '1 van, 2 movers', 'Includes up to 25 miles'],
    icon: 'studio',
    maxBoxes: 'Max 30 boxes',
    miles: 'Includes up to 25 miles',
    movers: '1 van, 2 movers',
    iconBg: 'bg-blue-100',
  },
  {
    id: 'two-bed',
    title: '2 bedrooms',
    basePrice: 599,
    details: ['Max 50 boxes', '1 van, 3 movers', 'Includes up to 25 miles'],
    icon: 'flat',
    maxBoxes: 'Max 50 boxes',
    miles: 'Includes up to 25 miles',
    movers: '1 van, 3 movers',
    iconBg: 'bg-indigo-100',
  },
  {
    id: 'three-bed',
    title: '3 bedrooms',
    basePrice: 1099,
    details: ['Max 75 boxes', '2 vans, 4 movers', 'Includes up to 25 miles'],
    icon: 'house',
    maxBoxes: 'Max 75 boxes',
    miles: 'Includes up to 25 miles',
    movers: '2 vans, 4 movers',
    iconBg: 'bg-cyan-100',
  },
];

export const packageIds = packages.map((p) => p.id) as readonly PackageId[];

export function findPackage(id: string): PropertyPackage | undefined {
  return packages.find((p) => p.id === id);
}
