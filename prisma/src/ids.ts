import { createHash, randomInt } from 'node:crypto'

/**
 * Snowflake-style 64-bit ids like the platform's: 41 bits of milliseconds since 2018-01-01,
 * 10 bits of worker id, 12 bits of sequence. Monotonic within a process; two processes differ by
 * worker id (WORKER_ID, else random).
 */
const EPOCH = 1_514_764_800_000n
let workerId = BigInt(randomInt(0, 1024))
let lastMs = -1n
let sequence = 0n

export const setWorkerId = (id: number): void => {
  if (!Number.isInteger(id) || id < 0 || id > 1023) {
    throw new RangeError(`worker id must be 0..1023, got ${id}`)
  }
  workerId = BigInt(id)
}

export const nextId = (): bigint => {
  let now = BigInt(Date.now())
  if (now < lastMs) {
    // The clock went backwards: keep issuing from the last timestamp rather than repeat ids.
    now = lastMs
  }
  if (now === lastMs) {
    sequence = (sequence + 1n) & 4095n
    if (sequence === 0n) {
      now = lastMs + 1n
    }
  } else {
    sequence = 0n
  }
  lastMs = now
  return ((now - EPOCH) << 22n) | (workerId << 12n) | sequence
}

/** Deterministic id for seed rows, so re-running the seed finds the same rows. */
export const stableId = (key: string): bigint => {
  const hex = createHash('sha256').update(key).digest('hex').slice(0, 15)
  return BigInt(`0x${hex}`) + 1_000_000_000_000_000_000n
}
