/**
 * mulberry32: a 32-bit generator whose whole state is one integer, so it can live in
 * the sim's JSON state and replay identically after a reload.
 *
 * @example
 * const { value, state } = nextRandom(seedRandom(42));
 * // 0 <= value < 1; pass `state` to the next draw
 */
export function nextRandom(state: number): { value: number; state: number } {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, state: next };
}

/**
 * Any number (negative, fractional) becomes a valid generator state.
 *
 * @example seedRandom(-1) // 4294967295
 */
export function seedRandom(seed: number): number {
  return Math.trunc(seed) >>> 0;
}
