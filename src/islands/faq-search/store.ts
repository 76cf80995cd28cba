import { atom } from 'nanostores';

/** The FAQ search text, shared by the search box in the hero and the list below it (two islands). */
export const $faqQuery = atom('');
