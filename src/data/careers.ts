export interface OpenPosition {
  id: string;
  title: string;
  type: 'Full-time';
  location: string;
  description: string;
}

export const openPositions: readonly OpenPosition[] = [
  {
    id: 'operations-coordinator',
    title: 'Move Operations Coordinator',
    type: 'Full-time',
    location: 'London',
    description:
      'Match each day\u2019s bookings to the right crews and vans, keep customers updated when traffic or weather moves the plan, and sort out the surprises before they become problems.',
  },
  {
    id: 'frontend-engineer',
    title: 'Front-end Engineer',
    type: 'Full-time',
    location: 'Remote',
    description:
      'Build the quote flow and pages people use on a phone on a packed-up kitchen floor. Astro, TypeScript and a deep respect for slow connections and screen readers.',
  },
  {
    id: 'customer-support-lead',
    title: 'Customer Support Team Lead',
    type: 'Full-time',
    location: 'Manchester',
    description:
      'Lead a team of six on phone, e-mail and call-backs. You will own our one-hour e-mail reply promise and coach the team on calm, useful answers.',
  },
  {
    id: 'driver-partnerships-manager',
    title: 'Driver Partnerships Manager',
    type: 'Full-time',
    location: 'Birmingham',
    description:
      'Recruit and look after the owner-drivers across the Midlands: onboarding checks, fair scheduling, and the feedback loop that keeps our ratings high.',
  },
];

export interface CareerBenefit {
  title: string;
  text: string;
}

export const careerBenefits: readonly CareerBenefit[] = [
  {
    title: '28 days\u2019 holiday plus bank holidays',
    text: 'And your birthday off, because nobody should answer tickets on their birthday.',
  },
  { title: 'Private healthcare', text: 'Medical cover from your first day, with an employee assistance line for you and your family.' },
  { title: 'Flexible hours', text: 'Core hours of 10 to 4; plan the rest around school runs, training or a long lunch.' },
  { title: '\u00a31,000 learning budget', text: 'Every year, for courses, books or conferences that help you grow.' },
  { title: 'Pension matched to 5%', text: 'We match what you put in, up to 5% of your salary.' },
  { title: 'Free moves for the team', text: 'When you move home, the move is on us, up to a three-bedroom house.' },
];
