/** The ledger's CSV read back in the tests (tests/api/accounts-ledger*.test.ts). */

/** RFC 4180 by hand, as the export's test reads it. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let [field, record, quoted] = ['', [] as string[], false];
  for (let i = 0; i < text.length; i++) {
    const [ch, next] = [text[i]!, text[i + 1]];
    if (quoted && ch === '"' && next === '"') [field, i] = [field + '"', i + 1];
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') [record, field] = [[...record, field], ''];
    else if (!quoted && ch === '\r' && next === '\n') {
      records.push([...record, field]);
      [record, field, i] = [[], '', i + 1];
    } else field += ch;
  }
  return records;
}
