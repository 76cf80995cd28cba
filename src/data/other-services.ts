/** Service types on /services/other; the value travels to the quote wizard as `service=`. */

export interface OtherService {
  value: 'parcel' | 'courier' | 'student' | 'specialty';
  label: string;
  summary: string;
}

export const otherServices: readonly OtherService[] = [
  {
    value: 'parcel',
    label: 'Parcel delivery',
    summary: 'Boxes and bags that are too big or too precious for the post, collected and delivered the same or next day.',
  },
  {
    value: 'courier',
    label: 'Same-day courier',
    summary: 'A dedicated van for urgent business deliveries: documents, stock, a forgotten laptop charger.',
  },
  {
    value: 'student',
    label: 'Student moves',
    summary: 'Halls to a house share, or home for the summer. Boxes, a bike and a desk chair, sized and priced for students.',
  },
  {
    value: 'specialty',
    label: 'Specialty items',
    summary: 'Pianos, gym equipment, hot tubs, antiques and artwork, moved by crews with the right kit.',
  },
];
