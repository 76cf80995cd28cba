/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first click of a control matching this CSS selector. */
    'client:trigger'?: string;
    /** Hydrate after load when no cookie choice is stored, else on the first click of this selector (default [data-cookie-settings]). */
    'client:consent'?: boolean | string;
  }
}

export {};
