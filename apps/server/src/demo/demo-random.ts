/*
 * The demo's one source of chance: a seeded generator (mulberry32), so two runs with the same seed
 * and the same "now" build the same network, charge for charge.
 */

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item drawn with probability proportional to its weight. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick(items) {
      if (!items.length) throw new RangeError('nothing to pick from');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted(items, weight) {
      const total = items.reduce((sum, item) => sum + weight(item), 0);
      let left = next() * total;
      for (const item of items) {
        left -= weight(item);
        if (left < 0) return item;
      }
      return random.pick(items);
    },
  };
  return random;
}
