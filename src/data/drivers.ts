/** Driver recruitment content (spec sections 1 and 2). Pay figures and partner retailers are in launch-content.ts, with their sources. */

export const driverRequirements: readonly string[] = [
  'Valid UK licence for at least 2 years',
  'Own vehicle or van of 1.5-7.5 tonnes',
  'Valid insurance and MOT',
  'Age 21+ with a clean record',
  'Right to work in the UK',
  'Smartphone with GPS',
  'Professional attitude',
  'Pass a background check',
];

export interface DriverBenefit {
  title: string;
  text: string;
}

export const driverBenefits: readonly DriverBenefit[] = [
  {
    title: 'Choose your own hours',
    text: 'Accept the jobs that suit you. Mornings only, weekends only, or full weeks: the schedule is yours.',
  },
  { title: 'Paid weekly', text: 'Earnings land in your bank account every Friday for the jobs completed the week before.' },
  { title: 'Full insurance', text: 'Goods-in-transit and public liability cover for every job you do through us.' },
  { title: 'Work near home', text: 'Set a radius and we only offer you jobs that start inside it.' },
];
