// The engine's own share of a leave's start + complete (issue 27, decision 031): the seeded leave
// process run through the worker's `runStep` in this process, no database, no queue. Per pair: the
// start step (fresh instance, waits at the first approval) and the complete step (the saved state
// recovered, the task signalled, waits at the next approval), with the state saved between them put
// through JSON as PostgreSQL's jsonb does. Prints ms per step (p50/p99), pairs per second of one core,
// and the saved state's size. Asserts nothing.
//   node bench/flow-engine.mjs [pairs=300]
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
if (!process.env.FLOW_ENGINE_BENCH_TSX) {
  const requireWorker = createRequire(path.join(root, 'apps/worker/package.json'))
  const { status } = spawnSync(
    process.execPath,
    [
      '--import',
      pathToFileURL(requireWorker.resolve('tsx')).href,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, FLOW_ENGINE_BENCH_TSX: '1' } },
  )
  process.exit(status ?? 1)
}
const PAIRS = Number(process.argv[2] ?? 300)
const { runStep } = await import(pathToFileURL(path.join(root, 'apps/worker/src/flow/engine-run.ts')).href)
const { readBpmn } = await import(pathToFileURL(path.join(root, 'packages/server-core/src/index.ts')).href)
const { LEAVE_PROCESS_XML } = await import(
  pathToFileURL(path.join(root, 'prisma/seed/data/leave-process.ts')).href
)
const model = await readBpmn(LEAVE_PROCESS_XML)
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

const pair = async (i) => {
  const vars = { taskUser: 'taskUser_1', applyUser: 'taskUser_2', days: 2 }
  const t0 = performance.now()
  const started = await runStep({
    name: `bench-${i}`,
    definitionKey: 'Leave:1:bench',
    xml: model.xml,
    state: null,
    variables: () => vars,
  })
  const saved = JSON.stringify(started.state)
  const t1 = performance.now()
  const wait = started.events.find((e) => e.kind === 'wait' && e.elementId === 'hrTask')
  const completeVars = { ...vars, pass: true }
  const completed = await runStep({
    name: `bench-${i}`,
    definitionKey: 'Leave:1:bench',
    xml: model.xml,
    state: JSON.parse(saved),
    variables: () => completeVars,
    action: (execution) => execution.signal({ id: 'hrTask', executionId: wait.executionId }),
  })
  const savedAgain = JSON.stringify(completed.state)
  const t2 = performance.now()
  if (!completed.events.some((e) => e.kind === 'wait' && e.elementId === 'managerTak')) {
    throw new Error('the leave did not reach the manager approval')
  }
  return { start: t1 - t0, complete: t2 - t1, bytes: saved.length, bytesAfter: savedAgain.length }
}

for (let i = 0; i < 30; i++) {
  await pair(`warm-${i}`)
}
const starts = []
const completes = []
let bytes = 0
let bytesAfter = 0
const began = performance.now()
for (let i = 0; i < PAIRS; i++) {
  const r = await pair(i)
  starts.push(r.start)
  completes.push(r.complete)
  bytes = r.bytes
  bytesAfter = r.bytesAfter
}
const wall = (performance.now() - began) / 1000
starts.sort((a, b) => a - b)
completes.sort((a, b) => a - b)
const f = (v) => `${v.toFixed(2)} ms`
console.log(
  `\nFlow engine steps on ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
console.log(`| ${PAIRS} leave pairs, one at a time | p50 | p99 |`)
console.log('|---|---|---|')
console.log(`| start step    | ${f(pct(starts, 50))} | ${f(pct(starts, 99))} |`)
console.log(`| complete step | ${f(pct(completes, 50))} | ${f(pct(completes, 99))} |`)
console.log(`pairs per second (one core, engine only): ${(PAIRS / wall).toFixed(1)}`)
console.log(`saved state: ${bytes} bytes after start, ${bytesAfter} bytes after the first approval`)
