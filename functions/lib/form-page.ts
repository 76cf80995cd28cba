import { escapeHtml as e } from './escape';
import { site } from '../../src/site.config';

/** A plain HTML answer for forms posted without JavaScript: what to fix, and a way back. The API's security headers are added on the way out. */
export function formProblemPage(status: number, title: string, problems: string[], backHref: string): Response {
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${e(title)} | ${e(site.brand)}</title></head>
<body><main><h1>${e(title)}</h1>${problems.length ? `<ul>${problems.map((p) => `<li>${e(p)}</li>`).join('')}</ul>` : ''}
<p><a href="${e(backHref)}">Go back to the form</a> (your browser's back button keeps what you typed). Or call us on <a href="tel:${e(site.phone.tel)}">${e(site.phone.display)}</a>.</p></main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    },
  });
}
