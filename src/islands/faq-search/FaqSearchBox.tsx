import { useStore } from '@nanostores/react';
import { useHydrated } from '../shared/useHydrated';
import { $faqQuery } from './store';

/**
 * The search box appears only once it can filter: without JavaScript there is nothing it could do, so the
 * server renders an empty box of the same height (no layout shift) and the full list stays browsable.
 */
export default function FaqSearchBox() {
  const query = useStore($faqQuery);
  if (!useHydrated()) return <div className="h-13" aria-hidden="true" />;
  return (
    <form role="search" aria-label="FAQs" className="max-w-xl" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="faq-search" className="sr-only">
        Search FAQs
      </label>
      <div className="relative">
        <svg
          viewBox="0 0 24 24"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-muted"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <input
          id="faq-search"
          type="search"
          value={query}
          onChange={(event) => $faqQuery.set(event.target.value)}
          placeholder="Search FAQs..."
          autoComplete="off"
          aria-controls="faq-list"
          className="field-input h-13 rounded-xl pl-12 text-lg"
        />
      </div>
    </form>
  );
}
