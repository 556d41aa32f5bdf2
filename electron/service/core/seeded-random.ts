/**
 * A small seeded PRNG (sfc32, 128-bit state) for generated data. Seeded so a QA database or a benchmark
 * can be rebuilt identically; not `engine.ids`' crypto randomness, which would cost ~1 µs per call
 * at a million rows and could not be replayed.
 */
export function createSeededRandom(seed: number) {
  let a = 0x9e3779b9
  let b = 0x243f6a88
  let c = 0xb7e15162
  let d = seed >>> 0
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  for (let i = 0; i < 16; i++) next32() // mix the seed through the state
  const random = {
    /** Uniform in [0, 1). */
    next: (): number => next32() / 4_294_967_296,
    /** Uniform integer in [0, max). */
    int: (max: number): number => Math.floor(random.next() * max),
    /** Uniform integer in [min, max]. */
    between: (min: number, max: number): number => min + random.int(max - min + 1),
    chance: (probability: number): boolean => random.next() < probability,
    pick: <T>(items: readonly T[]): T => items[random.int(items.length)]!,
    /** Log-uniform in [min, max]: small amounts common, large ones rare, like real payments. */
    logUniform: (min: number, max: number): number => Math.exp(Math.log(min) + random.next() * (Math.log(max) - Math.log(min))),
    /** Random bytes in the shape `engine.ids` expects (`createIds(now, random.bytes)`). */
    bytes: (size: number): Buffer => {
      const out = Buffer.allocUnsafe(size)
      for (let i = 0; i < size; i += 4) {
        const word = next32()
        for (let j = 0; j < 4 && i + j < size; j++) out[i + j] = (word >>> (j * 8)) & 0xff
      }
      return out
    },
  }
  return random
}
export type SeededRandom = ReturnType<typeof createSeededRandom>
