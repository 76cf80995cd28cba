import { CALL_BACK_WITHIN } from './promises';

/** Homes above three bedrooms (issue 18): the spec prices nothing that big, so rather than invent a price we offer a survey. */
export const SURVEY_SIZES = [
  { value: 'four-bed', label: '4 bedrooms' },
  { value: 'five-plus', label: '5 or more bedrooms' },
] as const;

export const SURVEY_TYPES = [
  { value: 'video', label: 'Video survey', hint: 'About 20 minutes on a video call: you show us round on your phone.' },
  { value: 'home', label: 'Home survey', hint: 'A surveyor visits at a time that suits you.' },
] as const;

export type SurveySize = (typeof SURVEY_SIZES)[number]['value'];
export type SurveyType = (typeof SURVEY_TYPES)[number]['value'];

export const SURVEY_COPY = {
  title: '4 bedrooms or more?',
  intro:
    'A home this size needs a proper look rather than a guess, so we price it after a free survey. Tell us how to reach you and we will call to arrange it.',
  button: 'Ask for a survey call',
  sent: `Thank you. We will call you ${CALL_BACK_WITHIN} to arrange your survey.`,
} as const;

export const surveySizeLabel = (value: string) => SURVEY_SIZES.find((s) => s.value === value)?.label ?? value;
export const surveyTypeLabel = (value: string) => SURVEY_TYPES.find((s) => s.value === value)?.label ?? value;
