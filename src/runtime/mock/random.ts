/**
 * The mocks' seeded generator: mulberry32, the same floats in [0, 1) for the same seed on every
 * platform (32-bit integer arithmetic only), and the few draws the value makers need from it.
 */

/** A seeded generator (mulberry32): the same numbers in [0, 1) for the same seed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer from `min` to `max`, both included (`min` when the range is empty). */
export function int(random: () => number, min: number, max: number): number {
  if (!(max > min)) return min;
  return min + Math.floor(random() * (max - min + 1));
}

/** One of `items`, each as likely (`items` must not be empty). */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Whether a draw falls under `probability` (0 never, 1 always). */
export function chance(random: () => number, probability: number): boolean {
  return random() < probability;
}
