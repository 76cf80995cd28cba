import { mdxToMdast, mdxToJs } from 'satteri';
const src = `---
title: x
---

Intro with {couple} words and a [link](/insurance) and [bad](javascript:alert(1)).

## Heading Two!

#### Deep

<script>alert(1)</script>

<div style="color:red" onClick="x">Hi <b>bold</b></div>

import X from './x.astro'

Text with <abbr title="HM Revenue and Customs">HMRC</abbr>.

{/* a comment */}

![img](./pic.png)
`;
const tree = mdxToMdast(src);
const walk = (n, d = 0) => {
  const { children, position, ...rest } = n;
  console.log(' '.repeat(d) + JSON.stringify({ ...rest, line: position?.start?.line, col: position?.start?.column }).slice(0, 200));
  for (const c of children ?? []) walk(c, d + 1);
};
walk(tree);
try {
  const r = mdxToJs('Hello < 5 kg and {');
  console.log(r.code.slice(0, 100));
} catch (e) {
  console.log('ERR', e.message, Object.keys(e), e.line, e.column);
}
try {
  const r = mdxToJs('Line one\n\nHello <br> and </div> x');
  console.log(r.code.slice(0, 100));
} catch (e) {
  console.log('ERR', e.message);
}
