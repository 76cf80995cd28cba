import type { ReactNode } from 'react';

/** Just enough Markdown for the articles (headings, paragraphs, lists, bold), rendered in the browser. */
function inline(text: string): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*)/)
    .map((part, i) => (part.startsWith('**') && part.endsWith('**') ? <strong key={i}>{part.slice(2, -2)}</strong> : part));
}

export function Markdown({ source }: { source: string }) {
  const blocks = source.trim().split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, i) => {
        if (block.startsWith('### ')) return <h3 key={i}>{inline(block.slice(4))}</h3>;
        if (block.startsWith('## ')) return <h2 key={i}>{inline(block.slice(3))}</h2>;
        if (/^[-*] /.test(block))
          return (
            <ul key={i}>
              {block.split('\n').map((line, j) => (
                <li key={j}>{inline(line.replace(/^[-*] /, ''))}</li>
              ))}
            </ul>
          );
        if (/^\d+\. /.test(block))
          return (
            <ol key={i}>
              {block.split('\n').map((line, j) => (
                <li key={j}>{inline(line.replace(/^\d+\. /, ''))}</li>
              ))}
            </ol>
          );
        return <p key={i}>{inline(block)}</p>;
      })}
    </>
  );
}
