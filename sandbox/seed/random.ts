export interface Random {
  // A float in [0, 1).
  next(): number;
  // An integer in [min, max], both included.
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  digits(count: number): string;
  shuffle<T>(items: readonly T[]): T[];
}

// mulberry32 seeded by an FNV-1a hash of the seed text: tiny, fast and the same on every
// machine, which is all the demo history needs (it is not for secrets).
export function seededRandom(seed: string): Random {
  let state = 2166136261;
  for (let index = 0; index < seed.length; index += 1) {
    state = Math.imul(state ^ seed.charCodeAt(index), 16777619) >>> 0;
  }

  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  }

  function int(min: number, max: number): number {
    return min + Math.floor(next() * (max - min + 1));
  }

  function pick<T>(items: readonly T[]): T {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) {
      throw new RangeError("Cannot pick from an empty list.");
    }
    return item;
  }

  function shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = int(0, index);
      const here = copy[index];
      const there = copy[other];
      if (here !== undefined && there !== undefined) {
        copy[index] = there;
        copy[other] = here;
      }
    }
    return copy;
  }

  return {
    next,
    int,
    pick,
    chance: (probability) => next() < probability,
    digits: (count) => Array.from({ length: count }, () => String(int(0, 9))).join(""),
    shuffle,
  };
}
