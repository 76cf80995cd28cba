/**
 * What a customer must be able to read in the move-date calendar (issue 30, item 1), measured from the boxes the browser
 * drew: every day's number and total inside its own cell, every cell inside the calendar, the calendar inside the
 * window, nothing cut off by an ancestor that clips, and each total clear of its neighbours. Runs in the page, in any
 * engine (Playwright's `evaluate`, puppeteer's, WebDriver's `executeScript`), so it uses nothing from outside itself.
 * `widest` swaps every total's text for that price while measuring (then puts them back): the design holds four-digit
 * prices, and the postcode stand-in's longest route prices under £3,000. Every total is 12 px or more (issue 41 item 6).
 */
export function calendarProblems(widest: string | null): string[] {
  const problems: string[] = [];
  const calendar = document.querySelector('[data-calendar]');
  if (!calendar) return ['no calendar on the page'];
  const round = (n: number) => Math.round(n * 10) / 10;
  const show = (box: DOMRect) => `${round(box.left)}–${round(box.right)} × ${round(box.top)}–${round(box.bottom)}`;
  // Half a pixel for rounding between layout and painting, no more.
  const inside = (inner: DOMRect, outer: DOMRect) =>
    inner.left >= outer.left - 0.5 &&
    inner.right <= outer.right + 0.5 &&
    inner.top >= outer.top - 0.5 &&
    inner.bottom <= outer.bottom + 0.5;
  /** The glyphs' own box: a block's box is as wide as its parent whatever the text. */
  const textBox = (element: Element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect();
  };
  /** Every ancestor that would cut off what spills out of it. */
  const clippers = (element: Element) => {
    const found: Element[] = [];
    for (let node = element.parentElement; node && node !== document.documentElement; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') found.push(node);
    }
    return found;
  };

  const width = document.documentElement.clientWidth;
  const view = new DOMRect(0, -1e6, width, 2e6);
  const calendarBox = calendar.getBoundingClientRect();
  if (calendarBox.width === 0) return ['the calendar is not shown'];
  if (!inside(calendarBox, view)) problems.push(`the calendar (${show(calendarBox)}) is wider than the window (0–${width})`);
  if (document.documentElement.scrollWidth > width) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);

  const totals = [...calendar.querySelectorAll('[data-day-total]')];
  if (totals.length === 0) problems.push('no day shows a total');
  // The amount without its £ where the total marks one (a narrow phone hides the sign).
  const amounts = totals.map((total) => total.querySelector('[data-day-amount]') ?? total);
  const shown = amounts.map((amount) => amount.textContent);
  if (widest) amounts.forEach((amount, index) => (amount.textContent = amount === totals[index] ? widest : widest.replace('£', '')));
  for (const total of totals) {
    const size = parseFloat(getComputedStyle(total).fontSize);
    if (size < 12) problems.push(`"${total.textContent}" is ${size} px, under 12 px`);
  }

  for (const row of calendar.querySelectorAll('tr')) {
    let before: { box: DOMRect; text: string } | null = null;
    for (const cell of row.querySelectorAll('td')) {
      const cellBox = cell.getBoundingClientRect();
      const name = cell.querySelector('button')?.getAttribute('aria-label') ?? cell.textContent ?? '';
      if (!inside(cellBox, calendarBox))
        problems.push(`${name}: its cell (${show(cellBox)}) is outside the calendar (${show(calendarBox)})`);
      const total = cell.querySelector('[data-day-total]');
      const number = cell.querySelector('button > span') ?? cell.querySelector('button');
      for (const [what, element] of [
        ['number', number],
        ['total', total],
      ] as const) {
        if (!element) continue;
        const box = textBox(element);
        const text = element.textContent ?? '';
        if (!inside(box, cellBox)) problems.push(`${name}: its ${what} "${text}" (${show(box)}) spills out of its cell (${show(cellBox)})`);
        for (const clipper of clippers(element)) {
          if (!inside(box, clipper.getBoundingClientRect()))
            problems.push(`${name}: its ${what} "${text}" is cut off by a ${clipper.tagName.toLowerCase()} that clips`);
        }
      }
      if (number && total && textBox(number).bottom > textBox(total).top + 0.5) problems.push(`${name}: its number runs into its total`);
      if (total) {
        const box = textBox(total);
        // At least 2 px of white between two totals side by side, or they read as one number.
        if (before && box.left - before.box.right < 2)
          problems.push(`"${before.text}" and "${total.textContent}" run into each other (${round(box.left - before.box.right)} px apart)`);
        before = { box, text: total.textContent ?? '' };
      } else before = null;
    }
  }

  amounts.forEach((amount, index) => (amount.textContent = shown[index]!));
  return problems;
}
