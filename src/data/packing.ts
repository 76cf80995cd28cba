/** Packing options (spec sections 2 and 9). Prices in whole pounds. */

export interface PackingOption {
  id: 'full' | 'partial' | 'materials';
  title: string;
  price: number;
  /** Full packing is priced from this figure; the others are flat. */
  priceFrom: boolean;
  summary: string;
  includes: readonly string[];
}

/** What the quote's service line names (src/data/services.ts): the wizard's bundle carries these, never the options' words. */
export type PackingPrice = Pick<PackingOption, 'id' | 'title' | 'price' | 'priceFrom'>;

export const packingPrices: readonly PackingPrice[] = [
  { id: 'full', title: 'Full packing', price: 299, priceFrom: true },
  { id: 'partial', title: 'Partial packing', price: 149, priceFrom: false },
  { id: 'materials', title: 'Materials only', price: 79, priceFrom: false },
];

/** Each option's words, beside its price above. */
const DETAILS: Readonly<Record<PackingOption['id'], Pick<PackingOption, 'summary' | 'includes'>>> = {
  full: {
    summary: 'We pack the whole home the day before your move, and you pack nothing but an overnight bag.',
    includes: [
      'Every room packed by trained packers',
      'All boxes, paper, tape and wardrobe cartons',
      'Fragile items double-wrapped',
      'Every box labelled by room',
    ],
  },
  partial: {
    summary: 'You pack the easy things, we pack the awkward ones: kitchen, glassware, pictures and mirrors.',
    includes: ['Up to two rooms packed by us', 'Specialist wrap for glass and china', 'Materials for the rooms we pack'],
  },
  materials: {
    summary: 'A delivered kit of sturdy boxes and wrapping so you can pack at your own pace.',
    includes: [
      '25 double-walled boxes in three sizes',
      'Bubble wrap, packing paper and two rolls of tape',
      'Delivered free with your booking',
    ],
  },
};

export const packingOptions: readonly PackingOption[] = /* @__PURE__ */ packingPrices.map((price) => ({ ...price, ...DETAILS[price.id] }));
