/** Insurance covers (spec sections 3 and 9). Limits are display text; the numbers beside them are for sums. */

export const insuranceLimits = {
  goodsInTransit: '£10,000',
  itemLimit: '£2,000',
  publicLiability: '£2,000,000',
  employersLiability: '£10,000,000',
  claimResolution: '48 hours',
} as const;

export interface InsuranceCover {
  id: string;
  title: string;
  coverage: string;
  description: string;
  features: readonly string[];
}

export const insuranceCovers: readonly InsuranceCover[] = [
  {
    id: 'goods-in-transit',
    title: 'Goods in transit',
    coverage: `Up to ${insuranceLimits.goodsInTransit} per move`,
    description:
      'Covers your belongings against loss or damage from the moment our crew picks them up until they are set down at the new address, including while they are loaded on the van overnight.',
    features: [
      'Included with every booking at no extra cost',
      'Covers accidental damage during loading, driving and unloading',
      'Covers theft from a locked vehicle',
      'Repair first, replacement where repair is not possible',
    ],
  },
  {
    id: 'high-value-items',
    title: 'High-value items',
    coverage: `${insuranceLimits.itemLimit} per individual item`,
    description: `Any single item is covered up to ${insuranceLimits.itemLimit}. Items worth more than ${insuranceLimits.itemLimit} (a piano, artwork, a designer sofa) must be declared before your move, so we can arrange the right cover and handling.`,
    features: [
      `Declare anything worth over ${insuranceLimits.itemLimit} before moving day`,
      'Photos and a receipt or valuation make any claim quicker',
      'Specialist wrapping arranged for declared items',
    ],
  },
  {
    id: 'public-liability',
    title: 'Public liability',
    coverage: `Up to ${insuranceLimits.publicLiability}`,
    description:
      'If a crew member damages your property itself (a door frame, a banister, a neighbour\u2019s car) or injures a member of the public, this cover pays for it, not you.',
    features: ['Damage to buildings, fixtures and fittings', 'Injury to third parties', 'Held by every crew we work with'],
  },
  {
    id: 'employers-liability',
    title: "Employer's liability",
    coverage: `Up to ${insuranceLimits.employersLiability}`,
    description:
      'Moving heavy things is physical work. If one of the team is hurt while moving you, they are covered by us, and you are never asked to pay.',
    features: ['Covers injury to our staff on your premises', 'Required by UK law; we carry well above the minimum'],
  },
];

/** Days after the move within which damage should be reported (our policy, quoted on /insurance and the terms). */
export const claimNoticeDays = 7;
