/**
 * Step 5's "Book and pay the deposit now" (issue 41 item 2), once the quote is stored: the move page's own plain post
 * (POST /move-book-now with the quote's link), so the browser follows its 303 to Stripe's page, or to the move page
 * saying why it needs a written quote after all. Loaded only when pressed.
 */
import { BOOK_NOW_PATH } from '~/lib/instant-booking';

export function postBookNow(confirmationUrl: string): void {
  const link = new URL(confirmationUrl, location.href).searchParams;
  const form = document.createElement('form');
  form.method = 'post';
  form.action = BOOK_NOW_PATH;
  for (const name of ['ref', 't']) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = link.get(name) ?? '';
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
