import { useStore } from '@nanostores/react';
import type { FaqCategory } from '~/data/faqs';
import { filterFaqs } from './filter';
import { $faqQuery } from './store';

interface FaqListProps {
  categories: readonly FaqCategory[];
}

/**
 * The questions as native disclosures sharing one `name`: at most one is open and all can be closed, with or
 * without JavaScript (the server-rendered HTML is the full list). The search box only hides what does not match.
 */
export default function FaqList({ categories }: FaqListProps) {
  const query = useStore($faqQuery);
  const shown = filterFaqs(categories, query);
  const term = query.trim();
  const count = shown.reduce((total, category) => total + category.items.length, 0);

  return (
    <div className="container-page max-w-3xl py-12" data-faq-list id="faq-list">
      <p className="sr-only" role="status">
        {term ? `${count} ${count === 1 ? 'question matches' : 'questions match'} “${term}”` : ''}
      </p>
      {shown.length === 0 ? (
        <div className="card text-center" data-faq-empty>
          <p className="text-lg font-semibold">No FAQs found matching "{term}"</p>
          <p className="mt-2 text-ink-muted">Try a different search term or browse all categories above.</p>
        </div>
      ) : (
        shown.map((category) => (
          <section
            key={category.id}
            id={category.id}
            aria-labelledby={`${category.id}-title`}
            className="mt-10 scroll-mt-24 first-of-type:mt-0"
            data-faq-category
          >
            <h2 id={`${category.id}-title`} className="text-2xl">
              {category.title}
            </h2>
            <div className="mt-4 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-white">
              {category.items.map((item) => (
                <details key={item.question} name="faq" className="group" data-faq-item>
                  <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-ink hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
                    <span>{item.question}</span>
                    <svg
                      viewBox="0 0 24 24"
                      className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth={2}
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      aria-hidden="true"
                    >
                      <path d="m6 9 6 6 6-6" />
                    </svg>
                  </summary>
                  <p className="px-5 pb-5 text-ink-muted">{item.answer}</p>
                </details>
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
