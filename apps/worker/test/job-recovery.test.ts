import { nextId } from '@ysjs/db'
import { JOB_RUN_QUEUE, JobTrigger, jobRunKey } from '@ysjs/shared/job'
import { Queue } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STALLED_RESULT } from '../src/job/runner.ts'
import { MISSED_RESULT } from '../src/job/scheduler.ts'
import { STALE_RESULT } from '../src/job/sweep.ts'
import { createJobHarness, type TJobHarness } from './helpers/job-harness.ts'

let h: TJobHarness
beforeAll(async () => {
  h = await createJobHarness('worker_job_recovery')
})
afterAll(async () => {
  await h.close()
})

/** Short locks and stall checks, so a killed worker's run comes back within seconds. */
const FAST = { JOB_LOCK_DURATION_MS: '2000', JOB_STALLED_INTERVAL_MS: '1000' }
const row = (id: bigint) => h.prisma.jobInstance.findUnique({ where: { id } })

// Leader TTLs, stall intervals and one-second CRON ticks on two shared cores: a saturated runner can
// stretch a timing past its bound. Each case owns its prefix and jobs, so a retry starts clean.
describe('runs left behind are repaired; failover and late deliveries lose nothing', {
  retry: process.env.CI ? 2 : 0,
}, () => {
  it('the leader sweep ends runs nothing will deliver, freeing maxInstanceNum and restarting a fixed-delay chain', async () => {
    const prefix = h.prefixOf()
    const past = new Date(Date.now() - 120_000)
    const api = await h.createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      maxInstanceNum: 1,
      jobParams: JSON.stringify({ url: h.target('sweep-api'), method: 'GET' }),
    })
    const chain = await h.createJob({
      timeExpressionType: 4,
      timeExpression: '1000',
      jobParams: JSON.stringify({ url: h.target('sweep-chain'), method: 'GET' }),
    })
    const stale = (jobInfoId: bigint, fields: Record<string, unknown>) =>
      h.prisma.jobInstance.create({
        data: {
          id: nextId(),
          jobInfoId,
          plannedTime: new Date(past.getTime() + Math.floor(Math.random() * 60_000)),
          createTime: past,
          updateTime: past,
          ...fields,
        } as Parameters<typeof h.prisma.jobInstance.create>[0]['data'],
      })
    // Running on a worker that is gone, its BullMQ job gone too (Redis lost it).
    const orphan = await stale(api, { status: 'running', attempt: 1, workerId: 'ghost', trigger: 2 })
    // Written by the API, whose enqueue then failed.
    const lost = await stale(api, { status: 'waiting', trigger: 2 })
    // A fixed-delay chain's next run whose BullMQ job was lost: reconcile sees a pending run and waits.
    const link = await stale(chain, { status: 'waiting', trigger: JobTrigger.SCHEDULE })
    // Left alone: running on a worker that is live, and waiting with a BullMQ job still to deliver it.
    const busy = await stale(api, { status: 'running', attempt: 1, workerId: 'busy-elsewhere', trigger: 2 })
    const queued = await stale(api, { status: 'waiting', trigger: 2 })
    const q = new Queue(JOB_RUN_QUEUE, { connection: h.redis, prefix })
    await q.add(
      'run',
      { jobInfoId: String(api), plannedMs: queued.plannedTime.getTime(), trigger: 2 },
      { jobId: jobRunKey(String(api), queued.plannedTime.getTime()), delay: 600_000 },
    )
    await q.close()
    const beat = () => h.redis.zadd(`${prefix}:job:workers`, Date.now(), 'busy-elsewhere')
    await beat()
    const beating = setInterval(() => void beat(), 300)

    const w = await h.boot(prefix, { JOB_SWEEP_INTERVAL_MS: '1000' })
    try {
      await h.waitFor(async () => (await row(link.id))?.status === 'failed')
      expect(await row(orphan.id)).toMatchObject({
        status: 'failed',
        result: STALE_RESULT.WORKER_GONE('ghost'),
      })
      expect(await row(lost.id)).toMatchObject({ status: 'failed', result: STALE_RESULT.LOST })
      expect(await row(link.id)).toMatchObject({ status: 'failed', result: STALE_RESULT.LOST })
      expect(await row(busy.id)).toMatchObject({ status: 'running' })
      expect(await row(queued.id)).toMatchObject({ status: 'waiting' })
      // The chain runs again.
      await h.waitFor(async () =>
        (await h.instances(chain)).some((r) => r.status === 'succeeded' && r.trigger === JobTrigger.SCHEDULE),
      )
      // maxInstanceNum 1 no longer counts the orphan; the live worker's run still counts.
      await h.prisma.jobInstance.update({ where: { id: busy.id }, data: { status: 'succeeded' } })
      const run = await h.runNow(prefix, api)
      expect(await h.waitInstance(run.id, ['succeeded', 'failed'])).toMatchObject({ status: 'succeeded' })
    } finally {
      clearInterval(beating)
      await h.prisma.jobInfo.update({ where: { id: chain }, data: { enable: 0 } })
      await w.jobs?.scheduler.reconcile([String(chain)])
      await h.cleanup(prefix, w)
    }
  })

  it('a run whose worker processes die twice mid-run ends failed (BullMQ stall limit), not running for ever', async () => {
    const prefix = h.prefixOf()
    const job = await h.createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      maxInstanceNum: 1,
      jobParams: JSON.stringify({ url: h.target('stall', '&ms=6000'), method: 'GET' }),
    })
    const first = h.spawnWorker(prefix, { ...FAST, WORKER_ID: 'stall-1' })
    const run = await h.runNow(prefix, job)
    await h.waitFor(
      async () => (await row(run.id))?.workerId === 'stall-1' && h.hits.get('stall') === 1,
      40_000,
    )
    await h.kill(first)
    const second = h.spawnWorker(prefix, { ...FAST, WORKER_ID: 'stall-2' })
    await h.waitFor(
      async () => (await row(run.id))?.workerId === 'stall-2' && h.hits.get('stall') === 2,
      40_000,
    )
    expect((await row(run.id))?.attempt).toBe(2)
    await h.kill(second)
    const w = await h.boot(prefix, { ...FAST, WORKER_ID: 'stall-3' })
    const ended = await h.waitInstance(run.id, ['failed'], 30_000)
    expect(ended.result).toContain(STALLED_RESULT)
    await h.sleep(500)
    // The third worker never ran it: BullMQ failed it without a processor.
    expect(h.hits.get('stall')).toBe(2)
    await h.prisma.jobInfo.update({
      where: { id: job },
      data: { jobParams: JSON.stringify({ url: h.target('stall-after'), method: 'GET' }) },
    })
    const next = await h.runNow(prefix, job)
    expect(await h.waitInstance(next.id, ['succeeded', 'failed'])).toMatchObject({ status: 'succeeded' })
    await h.cleanup(prefix, w)
  })

  it('a second worker process taking over from a killed leader records no live run missed, and the CRON schedule goes on', async () => {
    const prefix = h.prefixOf()
    const tick = await h.createJob({
      jobParams: JSON.stringify({ url: h.target('failover', '&ms=300'), method: 'GET' }),
    })
    await h.prisma.jobInfo.update({
      where: { id: tick },
      data: { updateTime: new Date(Date.now() - 60_000) },
    })
    const hog = await h.createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      jobParams: JSON.stringify({ url: h.target('failover-hog', '&ms=4000'), method: 'GET' }),
    })
    // Its lock outlives it by up to 3 s: the heir takes over well after the leader's last heartbeat,
    // so the gap looks like downtime although the heir ran runs all through it.
    const leader = h.spawnWorker(prefix, { ...FAST, WORKER_ID: 'leader-proc', JOB_LEADER_TTL_MS: '3000' })
    await h.waitFor(async () => (await h.leaderOf(prefix)) === 'leader-proc', 40_000)
    // The heir runs one run at a time: while it is busy, due fires wait in the queue without a row.
    const w = await h.boot(prefix, { ...FAST, WORKER_ID: 'heir-proc', JOB_WORKER_CONCURRENCY: '1' })
    try {
      await h.waitFor(async () => {
        const runs = await h.instances(tick)
        return runs.some((r) => r.workerId === 'leader-proc') && runs.some((r) => r.workerId === 'heir-proc')
      }, 30_000)
      // The leader is killed while it runs a fire of the schedule; the heir is kept busy meanwhile.
      const inFlight = await h.waitFor(async () =>
        (await h.instances(tick)).find((r) => r.workerId === 'leader-proc' && r.status === 'running'),
      )
      await h.kill(leader)
      const killedAt = Date.now()
      const busy = await h.runNow(prefix, hog)
      await h.waitFor(async () => w.jobs?.isLeader(), 15_000)
      expect(await h.leaderOf(prefix)).toBe('heir-proc')
      await h.waitInstance(busy.id, ['succeeded'], 30_000)
      expect(await h.waitInstance(inFlight.id, ['succeeded'], 30_000)).toMatchObject({
        attempt: 2,
        workerId: 'heir-proc',
      })
      await h.waitFor(async () => {
        const runs = await h.instances(tick)
        return (
          runs.filter((r) => r.status === 'succeeded' && r.startTime!.getTime() > killedAt + 5000).length >= 2
        )
      }, 20_000)
      await h.prisma.jobInfo.update({ where: { id: tick }, data: { enable: 0 } })
      await w.jobs?.scheduler.reconcile([String(tick)])
      await h.sleep(1000)
      const runs = await h.instances(tick)
      // Nothing written off as downtime: the heir had been consuming runs all along.
      expect(runs.filter((r) => r.result === MISSED_RESULT.DOWN)).toEqual([])
      // The fires due while the heir was busy ran late, or (skipped by BullMQ) wait as missed: every
      // second from the first fire to the last has its row, none twice.
      const planned = runs.map((r) => r.plannedTime.getTime())
      expect(new Set(planned).size).toBe(runs.length)
      expect(runs.length).toBe((planned.at(-1)! - planned[0]!) / 1000 + 1)
      expect(runs.every((r) => ['succeeded', 'missed'].includes(r.status))).toBe(true)
      const takenOver = runs.filter((r) => r.plannedTime.getTime() > killedAt && r.status === 'succeeded')
      expect(takenOver.every((r) => r.workerId === 'heir-proc')).toBe(true)
    } finally {
      await h.prisma.jobInfo.update({ where: { id: tick }, data: { enable: 0 } })
      await w.jobs?.scheduler.reconcile([String(tick)])
      await h.cleanup(prefix, w)
    }
  })

  it('fires BullMQ skips while every worker slot is busy are recorded missed, never silently lost', async () => {
    const prefix = h.prefixOf()
    const w = await h.boot(prefix, { JOB_WORKER_CONCURRENCY: '1' })
    await h.waitFor(async () => w.jobs)
    const hog = await h.createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      jobParams: JSON.stringify({ url: h.target('hog', '&ms=3500'), method: 'GET' }),
    })
    const tick = await h.createJob({ jobParams: JSON.stringify({ url: h.target('tick'), method: 'GET' }) })
    await w.jobs?.scheduler.reconcile([String(tick)])
    await h.waitFor(async () => (await h.instances(tick)).some((r) => r.status === 'succeeded'))
    const hogRun = await h.runNow(prefix, hog)
    await h.waitInstance(hogRun.id, ['succeeded'], 20_000)
    await h.waitFor(async () => {
      const r = await h.instances(tick)
      return (
        r.filter((i) => i.status === 'succeeded' && i.plannedTime.getTime() > hogRun.plannedMs).length >= 2
      )
    }, 20_000)
    await h.prisma.jobInfo.update({ where: { id: tick }, data: { enable: 0 } })
    await w.jobs?.scheduler.reconcile([String(tick)])
    await h.sleep(1200)
    const runs = await h.instances(tick)
    const missed = runs.filter((r) => r.status === 'missed')
    expect(missed.length).toBeGreaterThanOrEqual(1)
    expect(missed.every((r) => r.result === MISSED_RESULT.SKIPPED)).toBe(true)
    // Every second from the first fire to the last has its row: run, or missed for catch-up.
    const planned = runs.map((r) => r.plannedTime.getTime())
    const seconds = (planned.at(-1)! - planned[0]!) / 1000 + 1
    expect(new Set(planned).size).toBe(runs.length)
    expect(runs.length).toBe(seconds)
    expect(h.hits.get('tick')).toBe(runs.filter((r) => r.status === 'succeeded').length)
    await h.cleanup(prefix, w)
  })
})
