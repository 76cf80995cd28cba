/** The browser editor's addresses and CSP. Keystatic styles itself at run time, so inline styles are allowed on its page and no other. */
export const EDITOR_PAGE_PATH = '/keystatic';
export const EDITOR_API_PREFIX = '/api/keystatic';
export const EDITOR_ASSETS_DIR = '_keystatic';

export function isEditorPage(pathname: string): boolean {
  return pathname === EDITOR_PAGE_PATH || pathname.startsWith(`${EDITOR_PAGE_PATH}/`);
}

export function isEditorApi(pathname: string): boolean {
  return pathname === EDITOR_API_PREFIX || pathname.startsWith(`${EDITOR_API_PREFIX}/`);
}

export type EditorMode = 'local' | 'github';

export interface EditorPolicyOptions {
  mode: EditorMode;
  /** Only the dev server has inline scripts. */
  scriptHashes?: readonly string[];
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

export const EDITOR_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
