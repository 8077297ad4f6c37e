// One day of the API log pruned by the worker's own code (apps/worker/src/system/log-retention.ts)
// while a writer inserts a log row at a time; run by bench/scale.mjs from apps/worker (tsx). Prints
// one JSON line: rows deleted, time, batches, and the slowest insert meanwhile.

import { PRUNE_BATCH, purgeOldLogs } from '../apps/worker/src/system/log-retention.ts'
import { createPrisma, nextId } from '../prisma/src/index.ts'

const prisma = createPrisma({ url: process.env.DATABASE_URL!, max: 4, statementTimeoutMs: 300_000 })
const [{ oldest }] = await prisma.$queryRaw<
  { oldest: Date }[]
>`SELECT min(create_time) AS oldest FROM blade_log_api`
// Everything older than the oldest row's day + 1 day: one day of rows.
const now = new Date()
const cut = new Date(oldest.getTime() + 86_400_000)
const days = (now.getTime() - cut.getTime()) / 86_400_000
let writing = true
let writes = 0
let maxWriteMs = 0
const writer = (async () => {
  while (writing) {
    const t0 = performance.now()
    await prisma.logApi.create({ data: { id: nextId(), title: 'bench writer', requestUri: '/bench' } })
    maxWriteMs = Math.max(maxWriteMs, performance.now() - t0)
    writes += 1
  }
})()
const t0 = performance.now()
const result = await purgeOldLogs(prisma, days, now)
const ms = Math.round(performance.now() - t0)
writing = false
await writer
await prisma.$disconnect()
console.log(
  JSON.stringify({
    deleted: result.api,
    ms,
    batches: Math.ceil((result.api + 1) / PRUNE_BATCH),
    writes,
    maxWriteMs: Math.round(maxWriteMs),
  }),
)
