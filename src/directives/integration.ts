import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/** Registers the site's own hydration directives (client:trigger, client:consent). */
export function hydrationDirectives(): AstroIntegration {
  return {
    name: 'shiftly:hydration-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        // Astro needs a file path here, not a URL object.
        addClientDirective({ name: 'trigger', entrypoint: fileURLToPath(new URL('./trigger.ts', import.meta.url)) });
        addClientDirective({ name: 'consent', entrypoint: fileURLToPath(new URL('./consent.ts', import.meta.url)) });
      },
    },
  };
}
