/** Optional furniture items (spec section 3), priced in whole pounds on top of the package. */

export type FurnitureCategory = 'bedroom' | 'office' | 'dining' | 'living';
export type FurnitureId =
  'wardrobe' | 'double-wardrobe' | 'office-desk' | 'dining-table' | 'single-bed' | 'double-bed' | 'tv-stand' | 'bookcase' | 'sofa';

export interface FurnitureItem {
  id: FurnitureId;
  name: string;
  price: number;
  icon: string;
  category: FurnitureCategory;
}

export const furniture: readonly FurnitureItem[] = [
  { id: 'wardrobe', name: 'Wardrobe', price: 65, icon: 'wardrobe', category: 'bedroom' },
  { id: 'double-wardrobe', name: 'Double wardrobe', price: 125, icon: 'wardrobe', category: 'bedroom' },
  { id: 'office-desk', name: 'Office desk', price: 62, icon: 'desk', category: 'office' },
  { id: 'dining-table', name: 'Dining table', price: 62, icon: 'table', category: 'dining' },
  { id: 'single-bed', name: 'Single bed', price: 47, icon: 'bed', category: 'bedroom' },
  { id: 'double-bed', name: 'Double or King bed', price: 77, icon: 'bed', category: 'bedroom' },
  { id: 'tv-stand', name: 'TV Stand', price: 69, icon: 'tv', category: 'living' },
  { id: 'bookcase', name: 'Bookcase', price: 85, icon: 'bookcase', category: 'office' },
  { id: 'sofa', name: 'Sofa', price: 225, icon: 'sofa', category: 'living' },
];

export const furnitureIds = furniture.map((f) => f.id) as readonly FurnitureId[];

export function findFurniture(id: string): FurnitureItem | undefined {
  return furniture.find((f) => f.id === id);
}
