/**
 * FNV-1a over a string's UTF-16 code units, as an unsigned 32-bit number: cheap, stable
 * across runtimes (what is stored or named from it is found again after a restart), and
 * it spreads similar texts ("op-1:n-1", "op-1:n-2"). `basis` starts a second, independent
 * hash of the same text where 32 bits are too few.
 *
 * @example fnv1a("a") // 3826002220
 */
export function fnv1a(text: string, basis = 0x811c9dc5): number {
  let hash = basis;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}
