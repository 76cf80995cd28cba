// What the sign-in page shows after a request (login.ts, account.ts deleteData): data only; the markup is in
// src/components/login.

/** The page's own address for these answers, reached only through the Worker (astro-page.ts astroPageAt). */
export const LOGIN_ANSWER_PAGE = '/forms/login';
