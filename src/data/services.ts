/** Every service a page can start a quote for (issue 14). Prices stay the spec's: nothing here adds or changes one. */
import type { PackageId } from './packages';
import { packingPrices as packingOptions } from './packing';
import { ADDED_TO_WRITTEN_QUOTE, earliestOnline } from './promises';

export type MainServiceValue = 'home-removals' | 'storage' | 'furniture-moving' | 'packing' | 'commercial' | 'car-transport';
export type OtherServiceValue = 'parcel' | 'courier' | 'student' | 'specialty';
export type ServiceValue = MainServiceValue | OtherServiceValue;

interface ServiceBase {
  value: ServiceValue;
  label: string;
  page: string;
  suggestedSize?: { id: PackageId; why: string };
  estimate?: string;
  /** No instant price exists: the wizard offers a call-back and the phone number after these words. */
  callbackOffer?: string;
  /** Priced on request: step 1 asks what the price needs (data/car-transport.ts) and sends a call-back request. */
  onRequest?: 'car';
  /** Follows 'it helps to know:' under Additional Information on step 5. */
  notesHint: string;
  /** Shown under the total wherever it does not cover the whole job. */
  totalNote?: string;
  /** The same caveat for an e-mail's subject line ('£250 estimate, car priced separately'). */
  subjectNote?: string;
}

export interface MainService extends ServiceBase {
  value: MainServiceValue;
  group: 'main';
}

export interface OtherService extends ServiceBase {
  value: OtherServiceValue;
  group: 'other';
  summary: string;
}

export type QuoteService = MainService | OtherService;

const packingPrices = packingOptions.map((o) => `${o.title.toLowerCase()} ${o.priceFrom ? 'from ' : ''}£${o.price}`).join(', ');

export const quoteServices: readonly QuoteService[] = [
  {
    value: 'home-removals',
    group: 'main',
    label: 'Home removals',
    page: '/services/home-removals',
    notesHint: 'stairs, parking, a loft to empty, or storage between homes.',
  },
  {
    value: 'storage',
    group: 'main',
    label: 'Storage between homes',
    page: '/services/home-removals#storage',
    estimate: `Your estimate below is for the move. Storage is priced by the week, on request, and added ${ADDED_TO_WRITTEN_QUOTE}.`,
    notesHint: 'roughly how much you are storing, for how long, and when you would like it delivered.',
    totalNote: 'Storage is not in this total: we price it by the week, on request.',
    subjectNote: 'storage priced separately',
  },
  {
    value: 'furniture-moving',
    group: 'main',
    label: 'Furniture moving',
    page: '/services/furniture-moving',
    suggestedSize: {
      id: 'mini',
      why: 'A single item or a few pieces fit our smallest booking: add them on the next step. Moving more than that? Choose a bigger size.',
    },
    notesHint: 'measurements of anything large, and any stairs or tight doorways at either end.',
  },
  {
    value: 'packing',
    group: 'main',
    label: 'Packing',
    page: '/services/packing',
    estimate: `Your estimate below is for the move. Packing is added ${ADDED_TO_WRITTEN_QUOTE}: ${packingPrices}.`,
    notesHint: 'which packing you would like (full, partial or materials only), and any rooms to leave to you.',
    totalNote: `Packing is not in this total: we add it ${ADDED_TO_WRITTEN_QUOTE}.`,
    subjectNote: 'packing priced separately',
  },
  {
    value: 'commercial',
    group: 'main',
    label: 'Commercial moving',
    page: '/services/commercial',
    estimate: 'Choose the size closest to your space. We confirm crew, vans and timings in a written plan.',
    notesHint: 'desks, meeting rooms, stock, IT and anything unusual such as a server or a safe, and when you need to trade again.',
  },
  {
    value: 'car-transport',
    group: 'main',
    label: 'Car transport',
    page: '/services/car-transport',
    callbackOffer: 'Rather talk it through?',
    onRequest: 'car',
    estimate: 'Household belongings can have an instant estimate as well: it covers the belongings only, not the car.',
    notesHint: 'the car’s make and model, whether it runs, and open or enclosed transport.',
    totalNote: 'The car is not in this total: we price it on request.',
    subjectNote: 'car priced separately',
  },
  {
    value: 'parcel',
    group: 'other',
    label: 'Parcel delivery',
    page: '/services/other',
    summary: `Boxes and bags that are too big or too precious for the post, collected and delivered on the day you choose, from ${earliestOnline}.`,
    suggestedSize: { id: 'mini', why: 'A parcel fits our smallest booking. Sending more? Choose a bigger size.' },
    notesHint: 'sizes and weights, and when it needs to arrive.',
  },
  {
    value: 'courier',
    group: 'other',
    label: 'Courier van',
    page: '/services/other',
    summary: `A dedicated van for business deliveries, booked online from ${earliestOnline}: documents, stock, samples, a trade show stand.`,
    suggestedSize: { id: 'mini', why: 'A courier run fits our smallest booking. A bigger load? Choose a bigger size.' },
    notesHint: 'what it is, and the latest time it must arrive.',
  },
  {
    value: 'student',
    group: 'other',
    label: 'Student moves',
    page: '/services/other',
    summary: 'Halls to a house share, or home for the summer. Boxes, a bike and a desk chair, sized and priced for students.',
    suggestedSize: { id: 'mini', why: 'Most student moves fit our smallest booking. Bringing more? Choose a bigger size.' },
    notesHint: 'halls or a house, the floor and whether there is a lift, and any big items such as a bike.',
  },
  {
    value: 'specialty',
    group: 'other',
    label: 'Specialty items',
    page: '/services/other',
    summary: 'Pianos, gym equipment, hot tubs, antiques and artwork, moved by crews with the right kit.',
    estimate:
      'Specialty items need the right kit and crew, so your estimate is a starting point: choose the size closest to the load and we confirm the price once we know the item.',
    notesHint: 'what the item is, its size and weight if you know them, and any steps or stairs.',
    totalNote: 'A starting point: we confirm the price once we know the item.',
    subjectNote: 'a starting point',
  },
];

export const otherServices = quoteServices.filter((s): s is OtherService => s.group === 'other');

/** The only values a quote request may carry. */
export const serviceValues = quoteServices.map((s) => s.value) as [ServiceValue, ...ServiceValue[]];

export function findService(value: string | null | undefined): QuoteService | undefined {
  return quoteServices.find((s) => s.value === value);
}

export const quoteHref = (service: ServiceValue): string => `/quote?service=${service}`;
