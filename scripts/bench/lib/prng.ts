/**
 * A seeded pseudo-random generator (Marsaglia's xorshift32) so that every run of a
 * benchmark generates the same corpus and the same request order: numbers from two
 * runs, or two machines, compare like for like. Not for anything security-related.
 *
 * @example
 * const rng = new Prng(42);
 * rng.int(1, 6); // the same die roll on every run
 */
export class Prng {
  #state: number;

  constructor(seed: number) {
    // xorshift never leaves 0, so a zero seed is mapped to a fixed non-zero state.
    this.#state = seed >>> 0 || 0x9e3779b9;
    // Seeds 1, 2, 3… start close together; a few rounds spread them apart.
    for (let i = 0; i < 8; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    let x = this.#state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.#state = x >>> 0;
    return this.#state / 0x1_0000_0000;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick from an empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /**
   * One value by relative weight.
   *
   * @example rng.weighted([["REGULAR", 6], ["STABLE", 3], ["RAPID", 1]])
   */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = choices.at(-1);
    if (last === undefined) throw new RangeError("weighted pick from an empty list");
    return last[0];
  }

  /** Shuffles `items` in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const held = items[i]!;
      items[i] = items[j]!;
      items[j] = held;
    }
    return items;
  }
}
