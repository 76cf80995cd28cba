import { useEffect } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import QuoteWizard from '~/islands/quote-wizard/QuoteWizard';
import { site } from '~/site.config';
import { articles } from './articles';
import { Markdown } from './Markdown';

/** The seed product's shell: header and footer rendered by React on every route. */
function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <header className="border-b border-line bg-white">
        <nav className="container-page flex items-center justify-between py-4" aria-label="Main">
          <Link to="/" className="text-xl font-bold text-brand-700">
            {site.brand}
          </Link>
          <div className="flex gap-4">
            <Link to="/articles/moving-checklist-guide">Articles</Link>
            <Link to="/quote" className="btn-primary">
              Get a quote
            </Link>
          </div>
        </nav>
      </header>
      <main id="main">{children}</main>
      <footer className="mt-12 border-t border-line bg-surface-muted py-8">
        <p className="container-page text-sm text-ink-muted">© {site.brand}</p>
      </footer>
    </>
  );
}

function ArticlePage() {
  const { id } = useParams();
  const article = articles.find((a) => a.id === id);
  useEffect(() => {
    if (article) document.title = `${article.title} | ${site.brand}`;
  }, [article]);
  if (!article) return <p className="container-page py-12">Article not found.</p>;
  return (
    <article className="container-page max-w-4xl py-8 sm:py-12">
      <p className="eyebrow">{article.category}</p>
      <h1 className="mt-2 section-title">{article.title}</h1>
      <p className="lead mt-3">{article.excerpt}</p>
      <img className="mt-6 w-full rounded-2xl" src={article.image} alt={article.imageAlt} width={1200} height={630} />
      <div className="prose-page mt-8">
        <Markdown source={article.body} />
      </div>
    </article>
  );
}

function QuotePage() {
  useEffect(() => {
    document.title = `Get an instant moving quote | ${site.brand}`;
  }, []);
  return (
    <section className="bg-surface-muted py-10 sm:py-14">
      <div className="container-page max-w-5xl">
        <p className="eyebrow">Instant quote</p>
        <h1 className="mt-2 section-title">Get your moving quote</h1>
        <p className="lead mt-3 max-w-2xl">
          Five quick steps and you will see your price as you go. No account, no obligation: we e-mail you the details and a mover confirms
          within 24 hours.
        </p>
        <div className="mt-8">
          <QuoteWizard />
        </div>
      </div>
    </section>
  );
}

export function App() {
  return (
    <Shell>
      <Routes>
        <Route path="/articles/:id" element={<ArticlePage />} />
        <Route path="/quote" element={<QuotePage />} />
        <Route path="*" element={<ArticlePage />} />
      </Routes>
    </Shell>
  );
}
