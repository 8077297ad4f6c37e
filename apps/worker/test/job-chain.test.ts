import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJobHarness, type TJobHarness } from './helpers/job-harness.ts'

let h: TJobHarness
beforeAll(async () => {
  h = await createJobHarness('worker_job_chain')
})
afterAll(async () => {
  await h.close()
})

const scheduled = async (jobInfoId: bigint) => (await h.instances(jobInfoId)).filter((r) => r.trigger === 1)
const pause = async (w: Awaited<ReturnType<TJobHarness['boot']>>, id: bigint) => {
  await h.prisma.jobInfo.update({ where: { id }, data: { enable: 0 } })
  await w.jobs?.scheduler.reconcile([String(id)])
}

describe('fixed-delay chains never die silently', () => {
  it('a future lifecycle start: the first run is planned at the start, then the chain goes on', async () => {
    const prefix = h.prefixOf()
    const w = await h.boot(prefix)
    const start = new Date(Math.ceil((Date.now() + 3000) / 1000) * 1000)
    const id = await h.createJob({
      timeExpressionType: 4,
      timeExpression: '1000',
      lifecycleStart: start,
      jobParams: JSON.stringify({ url: h.target('fd-life'), method: 'GET' }),
    })
    await h.waitFor(async () => w.jobs)
    await w.jobs?.scheduler.reconcile([String(id)])
    const first = await h.instances(id)
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({ status: 'waiting', plannedTime: start })
    const done = await h.waitFor(async () => {
      const r = (await scheduled(id)).filter((i) => i.status === 'succeeded')
      return r.length >= 2 && r
    })
    expect(done[0]?.startTime?.getTime()).toBeGreaterThanOrEqual(start.getTime())
    expect((await h.instances(id)).filter((r) => r.status === 'stopped')).toHaveLength(0)
    await pause(w, id)
    await h.cleanup(prefix, w)
  })

  it('a waiting run stopped from the instance screen: that run is skipped, the next one is chained', async () => {
    const prefix = h.prefixOf()
    const w = await h.boot(prefix)
    const id = await h.createJob({
      timeExpressionType: 4,
      timeExpression: '2000',
      jobParams: JSON.stringify({ url: h.target('fd-stop'), method: 'GET' }),
    })
    await h.waitFor(async () => w.jobs)
    await w.jobs?.scheduler.reconcile([String(id)])
    const [waiting] = await h.instances(id)
    expect(waiting?.status).toBe('waiting')
    // What the API's stop does to a waiting run.
    await h.prisma.jobInstance.updateMany({
      where: { id: waiting?.id, status: 'waiting' },
      data: { status: 'stopped', result: '已手动停止', endTime: new Date() },
    })
    const ran = await h.waitFor(async () => {
      const r = (await scheduled(id)).filter((i) => i.status === 'succeeded')
      return r.length >= 1 && r
    }, 20_000)
    expect(ran[0]!.plannedTime.getTime()).toBeGreaterThan(waiting!.plannedTime.getTime())
    expect((await h.prisma.jobInstance.findUnique({ where: { id: waiting!.id } }))?.status).toBe('stopped')
    // One chain: never two scheduled runs waiting at once.
    expect((await scheduled(id)).filter((r) => r.status === 'waiting').length).toBeLessThanOrEqual(1)
    expect(h.hits.get('fd-stop')).toBe((await scheduled(id)).filter((r) => r.status === 'succeeded').length)
    await pause(w, id)
    await h.cleanup(prefix, w)
  })

  it('a scheduled run refused by maxInstanceNum ends failed and the chain goes on', async () => {
    const prefix = h.prefixOf()
    const w = await h.boot(prefix)
    const id = await h.createJob({
      timeExpressionType: 4,
      timeExpression: '1000',
      maxInstanceNum: 1,
      jobParams: JSON.stringify({ url: h.target('fd-max', '&ms=2500'), method: 'GET' }),
    })
    // A manual run holds the only instance while the first scheduled run comes due.
    const manual = await h.runNow(prefix, id)
    await h.waitInstance(manual.id, ['running'])
    await w.jobs?.scheduler.reconcile([String(id)])
    const refused = await h.waitFor(async () => {
      const r = (await scheduled(id)).find((i) => i.status === 'failed')
      return r
    })
    expect(refused.result).toBe('超过最大实例数 1')
    const ok = await h.waitFor(async () => {
      const r = (await scheduled(id)).find((i) => i.status === 'succeeded')
      return r
    }, 20_000)
    expect(ok.plannedTime.getTime()).toBeGreaterThan(refused.plannedTime.getTime())
    await pause(w, id)
    await h.cleanup(prefix, w)
  })
})

describe('per-job concurrency', () => {
  it('parallel deliveries of one job never run more than its concurrency at once', async () => {
    const prefix = h.prefixOf()
    const w = await h.boot(prefix, { JOB_WORKER_CONCURRENCY: '10' })
    const id = await h.createJob({
      enable: 0,
      timeExpressionType: 1,
      timeExpression: null,
      concurrency: 2,
      jobParams: JSON.stringify({ url: h.target('conc', '&ms=700'), method: 'GET' }),
    })
    // Six runs queued within milliseconds (own planned times): the worker takes them all at once.
    const runs = []
    for (let i = 0; i < 6; i++) {
      runs.push(await h.runNow(prefix, id))
      await h.sleep(2)
    }
    for (const r of runs) {
      await h.waitInstance(r.id, ['succeeded'], 30_000)
    }
    const rows = await h.instances(id)
    // At no start of a run were two others of the job already running.
    for (const r of rows) {
      const overlapping = rows.filter(
        (o) => o.id !== r.id && o.startTime! <= r.startTime! && o.endTime! > r.startTime!,
      )
      expect(overlapping.length).toBeLessThanOrEqual(1)
    }
    expect(h.hits.get('conc')).toBe(6)
    await h.cleanup(prefix, w)
  })
})
