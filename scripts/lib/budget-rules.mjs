// Which budgets of budgets.json hold a page, and the sentence for each one it is over (scripts/budgets.mjs measures).

const kb = (bytes) => bytes / 1024;
/** Counts; everything else is bytes, compared in KB. */
const COUNTS = new Set(['scriptRequests']);

/** @param {any} budgets budgets.json */
export function budgetRules(budgets) {
  /**
   * Defaults, then every group whose `match` (a regular expression) fits the path, then the page's own entry, then
   * `more` (the worst case's layer). A `document` or `firstRoundTrip` of null removes that budget; a group's `file` names
   * the source file a page comes from ($1: the match's first group), for the messages.
   */
  function budgetFor(path, more = []) {
    const layers = [
      budgets.defaults,
      ...(budgets.groups ?? []).filter((group) => new RegExp(group.match).test(path)),
      budgets.pages?.[path] ?? {},
      ...more,
    ];
    const budget = { document: undefined, firstRoundTrip: undefined, file: undefined, first: {}, repeat: {} };
    for (const layer of layers) {
      if ('document' in layer) budget.document = layer.document ?? undefined;
      if ('firstRoundTrip' in layer) budget.firstRoundTrip = layer.firstRoundTrip ?? undefined;
      if (layer.file) budget.file = path.replace(new RegExp(layer.match), layer.file);
      Object.assign(budget.first, layer.first);
      Object.assign(budget.repeat, layer.repeat);
    }
    return budget;
  }

  /** One sentence per budget the page is over; `about` follows the path (by default the page's source file). */
  function check(path, visit, figures, budget, about = budget.file ? ` (${budget.file})` : '') {
    const problems = [];
    const limits = { ...budget[visit], document: budget.document, firstRoundTrip: budget.firstRoundTrip?.kb };
    const actual = {
      document: figures.document,
      firstRoundTrip: figures.firstRoundTrip,
      scriptRequests: figures.scriptRequests,
      externalJs: figures.externalJs,
      frameworkJs: figures.frameworkJs,
      inlineJs: figures.inlineJs,
      js: figures.externalJs + figures.inlineJs,
      images: figures.images,
    };
    for (const [key, limit] of Object.entries(limits)) {
      if (limit === undefined) continue;
      if (actual[key] === undefined) {
        if (key === 'firstRoundTrip')
          problems.push(
            `${path}${about}: the page has no element with ${budget.firstRoundTrip.through}, which its first round trip must hold`,
          );
        continue;
      }
      const value = COUNTS.has(key) ? actual[key] : kb(actual[key]);
      const what =
        key === 'firstRoundTrip' ? `the first round trip (headers and body up to the end of [${budget.firstRoundTrip.through}])` : key;
      if (value > limit)
        problems.push(
          `${path}${about} (${visit} visit): ${what} ${COUNTS.has(key) ? value : `${value.toFixed(2)} KB`} > budget ${limit}${COUNTS.has(key) ? '' : ' KB'}`,
        );
    }
    return problems;
  }

  return { budgetFor, check };
}
