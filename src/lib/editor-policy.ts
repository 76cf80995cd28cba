/**
 * The browser editor's addresses and its content security policy, shared by the dev server's middleware
 * (src/build/editor-integration.mjs), the editor's production build and the Worker that serves it (functions/editor.ts).
 * The editor is Keystatic: a React app that styles itself at run time (so inline styles are allowed on its page, and
 * on no other), shows picked pictures from blob: addresses and, in GitHub mode, talks to GitHub's API.
 */
export const EDITOR_PAGE_PATH = '/keystatic';
export const EDITOR_API_PREFIX = '/api/keystatic';
/** Where the production build puts the editor's page and its files (dist/keystatic.html, dist/_keystatic/). */
export const EDITOR_ASSETS_DIR = '_keystatic';

/** The editor page and every address inside it (/keystatic/branch/…): one page that routes in the browser. */
export function isEditorPage(pathname: string): boolean {
  return pathname === EDITOR_PAGE_PATH || pathname.startsWith(`${EDITOR_PAGE_PATH}/`);
}

export function isEditorApi(pathname: string): boolean {
  return pathname === EDITOR_API_PREFIX || pathname.startsWith(`${EDITOR_API_PREFIX}/`);
}

export type EditorMode = 'local' | 'github';

export interface EditorPolicyOptions {
  mode: EditorMode;
  /** sha256 sources ('sha256-…' in quotes) of the page's inline scripts: only the dev server adds any. */
  scriptHashes?: readonly string[];
  /** The dev server's own websocket origin (live reload), e.g. ws://127.0.0.1:4321. */
  devSocket?: string;
  /** Directives a <meta> cannot carry (frame-ancestors) are added only for a header. */
  asHeader?: boolean;
}

const GITHUB_API = ['https://api.github.com', 'https://raw.githubusercontent.com'];
const GITHUB_IMAGES = ['https://avatars.githubusercontent.com'];

export function editorPolicy({ mode, scriptHashes = [], devSocket, asHeader = false }: EditorPolicyOptions): string {
  const github = mode === 'github';
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'blob:', 'data:', ...(github ? GITHUB_IMAGES : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(github ? GITHUB_API : []), ...(devSocket ? [devSocket] : [])],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ...(asHeader ? [['frame-ancestors', "'none'"] as [string, string]] : []),
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Headers of every answer for the editor's page, besides its policy. */
export const EDITOR_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
