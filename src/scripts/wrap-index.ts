/** An index that wraps round in both directions: -1 of 4 is 3, 4 of 4 is 0. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}
