import { ACCOUNT_PATHS } from '~/lib/account';
import { site } from '~/site.config';

/** The sign-in page's title and description, the same prebuilt (/login) and as an answer (/forms/login). */
export const LOGIN_PAGE = {
  title: 'Sign in to see your moves',
  description: `Sign in to ${site.brand} with a link sent to your e-mail address: no password. See every quote you have made with us.`,
  keywords: ['sign in', 'your moves', site.brand],
  publicPath: ACCOUNT_PATHS.login,
};
