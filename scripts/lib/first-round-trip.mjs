// How much of a document's response a reader must receive before one part of the page has arrived whole (issue 31
// item 1: the first round trip holds an article's CSS, header, title, hero and opening paragraph). Measured on the
// bytes the server really sent: ever longer beginnings of the compressed body are decompressed until they reach the
// end of that part.
import { get } from 'node:http';
import { parse } from 'parse5';
import { brotliDecompressSync, constants, gunzipSync, inflateSync } from 'node:zlib';

/** What Chromium offers, less zstd, which Node cannot decode in pieces. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** @type {Record<string, (bytes: Buffer) => Buffer>} each decodes as much of a beginning as it can, without failing on the cut */
const DECODERS = {
  identity: (bytes) => bytes,
  gzip: (bytes) => gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }),
  deflate: (bytes) => inflateSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }),
  br: (bytes) => brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH }),
};

/** @param {string} encoding */
function decoderFor(encoding) {
  const decode = DECODERS[encoding];
  if (!decode) throw new Error(`the server sent the document as ${encoding}, which this measure cannot decode in pieces`);
  return decode;
}

/**
 * @param {string} url
 * @returns {Promise<{ encoding: string, body: Buffer }>} the body as sent (still compressed)
 */
export function fetchAsSent(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'] ?? 'identity', body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * The byte offset, in the decoded document, just after the end of the first element carrying `attribute`.
 * @param {string} html
 * @param {string} attribute
 * @returns {number | undefined}
 */
export function endOfElementWith(html, attribute) {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const pending = [document];
  while (pending.length) {
    const node = /** @type {any} */ (pending.shift());
    if (node.attrs?.some((/** @type {{ name: string }} */ a) => a.name === attribute) && node.sourceCodeLocation)
      return Buffer.byteLength(html.slice(0, node.sourceCodeLocation.endOffset));
    pending.unshift(...(node.content?.childNodes ?? []), ...(node.childNodes ?? []));
  }
  return undefined;
}

/**
 * The fewest bytes of `body` (as sent, in `encoding`) that decode to at least `decodedBytes` bytes.
 * @param {Buffer} body
 * @param {string} encoding
 * @param {number} decodedBytes
 */
export function sentBytesFor(body, encoding, decodedBytes) {
  const decode = decoderFor(encoding);
  const decodedLength = (/** @type {number} */ n) => decode(body.subarray(0, n)).length;
  if (decodedLength(body.length) < decodedBytes) throw new Error(`the document is shorter than ${decodedBytes} bytes`);
  let [low, high] = [0, body.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (decodedLength(middle) >= decodedBytes) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The body bytes, as sent, that carry the document up to the end of the element with `attribute`
 * (undefined when the page has no such element).
 * @param {string} url
 * @param {string} attribute
 */
export async function bodyBytesThrough(url, attribute) {
  const { encoding, body } = await fetchAsSent(url);
  const html = decoderFor(encoding)(body).toString('utf8');
  const end = endOfElementWith(html, attribute);
  return end === undefined ? undefined : sentBytesFor(body, encoding, end);
}
