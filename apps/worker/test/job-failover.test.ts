import { JOB_CONTROL_QUEUE } from '@ysjs/shared/job'
import { Queue } from 'bullmq'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZWorkerEnvSchema } from '../src/env.ts'
import { createJobHarness, type TJobHarness } from './helpers/job-harness.ts'

let h: TJobHarness
beforeAll(async () => {
  h = await createJobHarness('worker_job_failover')
})
afterAll(async () => {
  await h.close()
})

/** The shipped lease: an empty value means unset (env.ts), so the worker uses its default. */
const SHIPPED = { JOB_LEADER_TTL_MS: '' }

// Issue 27: after kill -9 of the leader a second worker took over 19.4 s later, and a job created a
// second after the kill first ran 18.4 s later. Budget: a new leader within 5 s.
describe('scheduler failover with the shipped lease', { retry: process.env.CI ? 2 : 0 }, () => {
  it('a killed leader is replaced within 5 s, and a job created meanwhile starts right after', async () => {
    expect(ZWorkerEnvSchema.parse({}).JOB_LEADER_TTL_MS).toBeLessThanOrEqual(3_000)
    const prefix = h.prefixOf()
    const first = h.spawnWorker(prefix, { ...SHIPPED, WORKER_ID: 'first-proc' })
    await h.waitFor(async () => (await h.leaderOf(prefix)) === 'first-proc', 40_000)
    const heir = await h.boot(prefix, { ...SHIPPED, WORKER_ID: 'heir-proc' })
    const control = new Queue(JOB_CONTROL_QUEUE, { connection: h.redis, prefix })
    try {
      await h.waitFor(async () => heir.jobs)
      await h.kill(first)
      const killedAt = Date.now()
      await h.sleep(1000)
      // Created as the API creates one: the row, then a reconcile message for the leader.
      const job = await h.createJob({
        jobParams: JSON.stringify({ url: h.target('failover-new'), method: 'GET' }),
      })
      await control.add('reconcile', { ids: [String(job)] })
      await h.waitFor(async () => heir.jobs?.isLeader(), 15_000)
      const tookOverMs = Date.now() - killedAt
      expect(await h.leaderOf(prefix)).toBe('heir-proc')
      expect(tookOverMs).toBeLessThanOrEqual(5_000)
      const ran = await h.waitFor(
        async () => (await h.instances(job)).find((r) => r.status === 'succeeded' && r.startTime),
        20_000,
      )
      // The first fire after the takeover: a one-second schedule, started within a second or so of it.
      expect(ran.startTime!.getTime() - killedAt).toBeLessThanOrEqual(7_000)
      await h.prisma.jobInfo.update({ where: { id: job }, data: { enable: 0 } })
      await heir.jobs?.scheduler.reconcile([String(job)])
    } finally {
      await control.close()
      await h.cleanup(prefix, heir)
    }
  })
})
