import { randomBytes } from 'node:crypto'
import { JOB_CONTROL_QUEUE, JOB_RUN_QUEUE, JobInfoMsg, ScheduleMsg } from '@ysjs/shared/job'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, loginAs } from './helpers/authority.ts'
import { holdTable, settled } from './helpers/locks.ts'

let t: TTestApp
let admin: string
let connection: Redis
let control: Queue
let runs: Queue
const QUEUE_PREFIX = `test-job-${randomBytes(4).toString('hex')}`
/** The seeded administrator's id. */
const ADMIN_ID = '1123598821738675201'

beforeAll(async () => {
  // What the operator lets HTTP jobs call (nothing by default): one host:port, and a host on port 80.
  t = await createTestApp({ QUEUE_PREFIX, JOB_HTTP_ALLOWED_HOSTS: '127.0.0.1:1,localhost,localhost:9' })
  admin = (await login(t.app, 'admin')).access_token
  connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null })
  control = new Queue(JOB_CONTROL_QUEUE, { connection, prefix: QUEUE_PREFIX })
  runs = new Queue(JOB_RUN_QUEUE, { connection, prefix: QUEUE_PREFIX })
})
afterAll(async () => {
  await control?.obliterate({ force: true })
  await runs?.obliterate({ force: true })
  await control.close()
  await runs.close()
  connection.disconnect()
  await t.close()
})

const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  (await t.app.inject({ method, url, headers: auth(admin), ...(payload ? { payload } : {}) })).json()

const JOB = {
  jobName: '接口测试任务',
  enable: 0,
  timeExpressionType: 2,
  timeExpression: '0 0 12 ? * 2',
  executeType: 1,
  dispatchStrategy: 1,
  processorType: 1,
  processorInfo: 'publish-notices',
}

const serverId = async () => {
  const res = await call('POST', '/api/ysjs-job/job-server/submit', {
    jobServerName: `服务-${randomBytes(3).toString('hex')}`,
    jobServerUrl: 'http://127.0.0.1:8091',
    jobAppName: 'ysjs-worker',
    jobAppPassword: 'secret-pw',
  })
  expect(res).toMatchObject({ code: 200 })
  const list = (await call('GET', '/api/ysjs-job/job-server/list?size=200')).data.records
  return list[0].id as string
}

describe('job server', () => {
  it('answers the spec messages, never the password, and syncs its jobs', async () => {
    const bad = await call('POST', '/api/ysjs-job/job-server/submit', {
      jobServerName: 'x',
      jobServerUrl: 'y',
    })
    expect(bad).toMatchObject({ code: 400, msg: '请输入应用名称' })
    const id = await serverId()
    const detail = (await call('GET', `/api/ysjs-job/job-server/detail?id=${id}`)).data
    expect(detail.jobAppName).toBe('ysjs-worker')
    expect(JSON.stringify(detail)).not.toContain('secret-pw')
    // Spec section 3 names the field: answered masked, and the mask sent back keeps the stored one.
    expect(detail.jobAppPassword).toBe('se******pw')
    expect(
      await call('POST', '/api/ysjs-job/job-server/submit', { ...detail, jobRemark: '改' }),
    ).toMatchObject({
      code: 200,
    })
    const stored = await t.app.prisma.jobServer.findFirst({ where: { id: BigInt(id) } })
    expect(stored).toMatchObject({ jobAppPassword: 'secret-pw', jobRemark: '改' })
    expect(await call('POST', '/api/ysjs-job/job-server/sync', { id })).toMatchObject({ code: 200, data: 0 })
  })
})

describe('job server removal', () => {
  it('refuses to remove a server while jobs are defined under it', async () => {
    const id = await serverId()
    await call('POST', '/api/ysjs-job/job-info/submit', { ...JOB, jobServerId: id, jobName: '占用服务' })
    const job = (await call('GET', '/api/ysjs-job/job-info/list?jobName=占用服务')).data.records[0]
    expect(await call('POST', `/api/ysjs-job/job-server/remove?ids=${id}`)).toMatchObject({
      code: 400,
      msg: '该服务下还有任务,请先删除任务',
    })
    expect((await call('GET', `/api/ysjs-job/job-server/detail?id=${id}`)).data.id).toBe(id)
    expect(await call('POST', `/api/ysjs-job/job-info/remove?ids=${job.id}`)).toMatchObject({ code: 200 })
    expect(await call('POST', `/api/ysjs-job/job-server/remove?ids=${id}`)).toMatchObject({ code: 200 })
    expect((await call('GET', `/api/ysjs-job/job-server/detail?id=${id}`)).code).not.toBe(200)
  })

  it('a server removed while a job is defined under it: never removed with a live job (decision 030)', async () => {
    const id = await serverId()
    const jobName = `并发任务-${randomBytes(3).toString('hex')}`
    // The removal is stopped between its count and its write; the job is defined meanwhile.
    const hold = await holdTable(t.app.prisma, 'blade_job_server')
    let removed: Promise<{ code: number; msg: string }>
    let defined: Promise<{ code: number; msg: string }>
    try {
      removed = call('POST', `/api/ysjs-job/job-server/remove?ids=${id}`)
      await hold.untilWaiting(1)
      defined = call('POST', '/api/ysjs-job/job-info/submit', { ...JOB, jobServerId: id, jobName })
      const isDone = settled(defined)
      await hold.until(async () => isDone() || (await hold.waiting()) >= 2)
    } finally {
      await hold.release()
    }
    const [r, d] = await Promise.all([removed!, defined!])
    const server = await t.app.prisma.jobServer.findUniqueOrThrow({ where: { id: BigInt(id) } })
    const jobs = await t.app.prisma.jobInfo.count({ where: { jobServerId: BigInt(id), isDeleted: 0 } })
    if (r.code === 200) {
      expect(d).toMatchObject({ code: 400, msg: JobInfoMsg.SERVER_MISSING })
      expect({ deleted: server.isDeleted, jobs }).toEqual({ deleted: 1, jobs: 0 })
    } else {
      expect(r).toMatchObject({ code: 400, msg: '该服务下还有任务,请先删除任务' })
      expect(d).toMatchObject({ code: 200 })
      expect({ deleted: server.isDeleted, jobs }).toEqual({ deleted: 0, jobs: 1 })
    }
  })
})

describe('job info', () => {
  it('refuses missing fields with the form messages and unparseable expressions with the reason', async () => {
    const id = await serverId()
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', { ...JOB, jobServerId: id, jobName: '' }),
    ).toMatchObject({
      code: 400,
      msg: '请输入任务名称',
    })
    expect(await call('POST', '/api/ysjs-job/job-info/submit', { ...JOB })).toMatchObject({
      code: 400,
      msg: '请选择任务应用',
    })
    // 运行时配置 is the dispatch strategy (spec section 5); the time expression only schedules.
    const { dispatchStrategy: _none, ...noStrategy } = JOB
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', { ...noStrategy, jobServerId: id }),
    ).toMatchObject({ code: 400, msg: '请选择运行时配置' })
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', { ...JOB, jobServerId: id, timeExpression: '' }),
    ).toMatchObject({ code: 400, msg: '请输入时间表达式' })
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        jobServerId: id,
        jobName: '接口任务无表达式',
        timeExpressionType: 1,
        timeExpression: '',
      }),
    ).toMatchObject({ code: 200 })
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        jobServerId: id,
        timeExpression: '0 0 25 * * ?',
      }),
    ).toMatchObject({ code: 400, msg: expect.stringContaining('CRON 表达式格式不正确') })
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        jobServerId: '99999',
        timeExpression: '* * * * *',
      }),
    ).toMatchObject({ code: 400, msg: '任务应用不存在' })
  })

  it('stores the spec defaults and every field, and tells the worker on each change', async () => {
    const id = await serverId()
    await control.drain()
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        jobServerId: id,
        jobName: '默认值任务',
        lifecycleStart: '2026-01-01 00:00:00',
        jobParams: '{"a":1}',
      }),
    ).toMatchObject({ code: 200 })
    const row = (await call('GET', '/api/ysjs-job/job-info/list?jobName=默认值任务')).data.records[0]
    expect(row).toMatchObject({
      jobServerId: id,
      enable: 0,
      timeExpressionType: 2,
      executeType: 1,
      dispatchStrategy: 1,
      processorType: 1,
      concurrency: 5,
      logType: 1,
      logLevel: 2,
      maxInstanceNum: 0,
      instanceTimeLimit: 0,
      instanceRetryNum: 0,
      lifecycleStart: '2026-01-01 00:00:00',
      lifecycleEnd: null,
      jobParams: '{"a":1}',
    })
    expect(row.jobServerName).toMatch(/^服务-/)
    // jobId (spec section 3) is the job's own id: this platform is the scheduler.
    expect(row.jobId).toBe(row.id)
    expect(await call('POST', '/api/ysjs-job/job-info/change', { id: row.id, enable: 1 })).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `/api/ysjs-job/job-info/detail?id=${row.id}`)).data.enable).toBe(1)
    expect(await call('POST', '/api/ysjs-job/job-info/change', { id: row.id, enable: 3 })).toMatchObject({
      code: 400,
      msg: '请选择任务状态',
    })
    expect(await call('POST', '/api/ysjs-job/job-info/sync', {})).toMatchObject({ code: 200 })
    const messages = (await control.getJobs(['waiting'])).map((j) => j.data.ids)
    expect(messages).toContainEqual([row.id])
    expect(messages).toContainEqual(null)
    // Removing a job tells the worker too (its scheduler goes with it).
    await control.drain()
    expect(await call('POST', `/api/ysjs-job/job-info/remove?ids=${row.id}`)).toMatchObject({ code: 200 })
    expect((await control.getJobs(['waiting'])).map((j) => j.data.ids)).toEqual([[row.id]])
  })

  it('previews next fire times (at most 20) and refuses a bad expression', async () => {
    const res = await call(
      'GET',
      `/api/ysjs-job/job-info/next-fire-times?timeExpressionType=2&timeExpression=${encodeURIComponent('0 0 12 ? * 2')}&count=5`,
    )
    expect(res.code).toBe(200)
    expect(res.data).toHaveLength(5)
    for (const d of res.data as string[]) {
      expect(d).toMatch(/ 12:00:00$/)
      expect(new Date(`${d.replace(' ', 'T')}+08:00`).getUTCDay()).toBe(1)
    }
    expect(
      await call(
        'GET',
        '/api/ysjs-job/job-info/next-fire-times?timeExpressionType=3&timeExpression=5000&count=21',
      ),
    ).toMatchObject({ code: 400 })
    expect(
      await call('GET', '/api/ysjs-job/job-info/next-fire-times?timeExpressionType=2&timeExpression=bad'),
    ).toMatchObject({ code: 400, msg: expect.stringContaining('CRON') })
    expect((await call('GET', '/api/ysjs-job/job-info/next-fire-times?timeExpressionType=1')).data).toEqual(
      [],
    )
  })

  it('previews Quartz expressions after a given start (from, China time), and refuses as Quartz does', async () => {
    const preview = (expression: string, from?: string, count = 3) =>
      call(
        'GET',
        `/api/ysjs-job/job-info/next-fire-times?timeExpressionType=2&count=${count}&timeExpression=${encodeURIComponent(expression)}${from === undefined ? '' : `&from=${encodeURIComponent(from)}`}`,
      )
    // 1 Aug 2026 is a Saturday: 1W is Monday the 3rd; 31 May 2026 a Sunday: 31W is Friday the 29th.
    expect((await preview('0 0 12 1W * ?', '2026-08-01 00:00:00', 2)).data).toEqual([
      '2026-08-03 12:00:00',
      '2026-09-01 12:00:00',
    ])
    expect((await preview('0 0 12 1W * ?', '2026-08-01 00:00', 1)).data).toEqual(['2026-08-03 12:00:00'])
    expect((await preview('0 0 12 31W * ?', '2026-05-01 00:00:00', 1)).data).toEqual(['2026-05-29 12:00:00'])
    expect((await preview('0 0 12 1W,15,LW * ?', '2026-01-01 00:00:00', 4)).data).toEqual([
      '2026-01-01 12:00:00',
      '2026-01-15 12:00:00',
      '2026-01-30 12:00:00',
      '2026-02-02 12:00:00',
    ])
    expect((await preview('0 0 12 ? * THU#1,THU#3,THU#5', '2026-02-01 00:00:00', 3)).data).toEqual([
      '2026-02-05 12:00:00',
      '2026-02-19 12:00:00',
      '2026-03-05 12:00:00',
    ])
    // A past year previews from a moment inside it, and ends with it; from now it is refused.
    expect((await preview('0 15 10 ? * 6L 2002-2005', '2005-10-01 00:00:00', 5)).data).toEqual([
      '2005-10-28 10:15:00',
      '2005-11-25 10:15:00',
      '2005-12-30 10:15:00',
    ])
    expect(await preview('0 15 10 ? * 6L 2002-2005')).toMatchObject({ code: 400, msg: ScheduleMsg.CRON_PAST })
    // Quartz's own refusals, naming the field.
    expect(await preview('0 0 12 * * *')).toMatchObject({ code: 400, msg: ScheduleMsg.CRON_DAYS })
    expect(await preview('0/120 * * * * ?')).toMatchObject({
      code: 400,
      msg: expect.stringContaining('「秒」段'),
    })
    expect(await preview('0 0 12 ? * 0')).toMatchObject({
      code: 400,
      msg: expect.stringContaining('「周」段 0'),
    })
    // A start that is not a China date-time, or outside the years CRON reaches.
    for (const bad of [
      '2026-13-01 00:00:00',
      '2026-02-30 00:00:00',
      'yesterday',
      '2026-08-01T00:00:00',
      '2026-08-01',
    ]) {
      expect(await preview('0 0 12 * * ?', bad)).toMatchObject({
        code: 400,
        msg: JobInfoMsg.FIRE_FROM_FORMAT,
      })
    }
    expect(await preview('0 0 12 * * ?', '1969-12-31 23:00:00')).toMatchObject({
      code: 400,
      msg: JobInfoMsg.FIRE_FROM_RANGE,
    })
    // An empty start is now.
    expect((await preview('0 0 12 * * ?', '', 1)).code).toBe(200)
    // Fixed rate counts from the start too.
    expect(
      (
        await call(
          'GET',
          `/api/ysjs-job/job-info/next-fire-times?timeExpressionType=3&timeExpression=60000&count=2&from=${encodeURIComponent('2026-08-01 00:00:30')}`,
        )
      ).data,
    ).toEqual(['2026-08-01 00:01:00', '2026-08-01 00:02:00'])
  })

  it('runs now (a waiting instance and a queued run), stops it, catches up a missed run once', async () => {
    const id = await serverId()
    await call('POST', '/api/ysjs-job/job-info/submit', {
      ...JOB,
      jobServerId: id,
      jobName: '立即执行',
      instanceRetryNum: 2,
    })
    const job = (await call('GET', '/api/ysjs-job/job-info/list?jobName=立即执行')).data.records[0]
    const run = await call('POST', '/api/ysjs-job/job-info/run', { id: job.id })
    expect(run).toMatchObject({ code: 200, data: expect.stringMatching(/^\d+$/) })
    const queued = (await runs.getJobs(['waiting'])).find((j) => j.data.jobInfoId === job.id)
    expect(queued?.opts.attempts).toBe(3)
    const page = (await call('GET', `/api/ysjs-job/job-instance/list?jobInfoId=${job.id}`)).data
    expect(page.records).toEqual([expect.objectContaining({ id: run.data, status: 'waiting', trigger: 2 })])

    // The stop is published even for a run read as waiting: it may have started meanwhile.
    const stops: string[] = []
    const subscriber = connection.duplicate()
    subscriber.on('message', (_channel, id) => stops.push(id))
    await subscriber.subscribe(`${QUEUE_PREFIX}:job:stop`)
    expect(await call('POST', '/api/ysjs-job/job-instance/stop', { id: run.data })).toMatchObject({
      code: 200,
    })
    await new Promise((r) => setTimeout(r, 200))
    expect(stops).toEqual([run.data])
    subscriber.disconnect()
    expect((await call('GET', `/api/ysjs-job/job-instance/detail?id=${run.data}`)).data.status).toBe(
      'stopped',
    )
    expect(await call('POST', '/api/ysjs-job/job-instance/stop', { id: run.data })).toMatchObject({
      code: 400,
      msg: '任务实例不在运行中',
    })

    const planned = new Date('2026-01-05T04:00:00Z')
    await t.app.prisma.jobInstance.create({
      data: { id: 4242n, jobInfoId: BigInt(job.id), plannedTime: planned, status: 'missed' },
    })
    expect(await call('POST', '/api/ysjs-job/job-instance/catch-up', { id: '4242' })).toMatchObject({
      code: 200,
    })
    expect(await call('POST', '/api/ysjs-job/job-instance/catch-up', { id: '4242' })).toMatchObject({
      code: 400,
      msg: '只有错过的任务实例可以补跑',
    })
    const catchUps = (await runs.getJobs(['waiting'])).filter((j) => j.data.plannedMs === planned.getTime())
    expect(catchUps).toHaveLength(1)
    expect(catchUps[0]?.data.trigger).toBe(3)
  })

  it('takes change and run with query parameters only, as the platform front end sends them', async () => {
    const id = await serverId()
    await call('POST', '/api/ysjs-job/job-info/submit', { ...JOB, jobServerId: id, jobName: '查询参数' })
    const job = (await call('GET', '/api/ysjs-job/job-info/list?jobName=查询参数')).data.records[0]
    await control.drain()
    // No body at all, no content type: `change?id=&enable=` as @RequestParam.
    const post = async (url: string) =>
      (await t.app.inject({ method: 'POST', url, headers: auth(admin) })).json()
    expect(await post(`/api/ysjs-job/job-info/change?id=${job.id}&enable=1`)).toMatchObject({ code: 200 })
    expect((await call('GET', `/api/ysjs-job/job-info/detail?id=${job.id}`)).data.enable).toBe(1)
    expect((await control.getJobs(['waiting'])).map((j) => j.data.ids)).toContainEqual([job.id])
    expect(await post(`/api/ysjs-job/job-info/change?id=${job.id}&enable=0`)).toMatchObject({ code: 200 })
    expect((await call('GET', `/api/ysjs-job/job-info/detail?id=${job.id}`)).data.enable).toBe(0)
    expect(await post(`/api/ysjs-job/job-info/change?id=${job.id}&enable=7`)).toMatchObject({
      code: 400,
      msg: '请选择任务状态',
    })

    const run = await post(`/api/ysjs-job/job-info/run?id=${job.id}`)
    expect(run).toMatchObject({ code: 200, data: expect.stringMatching(/^\d+$/) })
    expect((await call('GET', `/api/ysjs-job/job-instance/detail?id=${run.data}`)).data).toMatchObject({
      jobInfoId: job.id,
      status: 'waiting',
      trigger: 2,
    })
    expect((await runs.getJobs(['waiting'])).some((j) => j.data.jobInfoId === job.id)).toBe(true)
    expect(await post('/api/ysjs-job/job-info/run')).toMatchObject({ code: 400 })

    // `sync` with no body at all, as the platform's front end posts it: every job.
    await control.drain()
    expect(await post('/api/ysjs-job/job-info/sync')).toMatchObject({ code: 200 })
    expect(await post(`/api/ysjs-job/job-info/sync?id=${job.id}`)).toMatchObject({ code: 200 })
    expect((await control.getJobs(['waiting'])).map((j) => j.data.ids)).toEqual(
      expect.arrayContaining([null, [job.id]]),
    )
  })

  it('takes the lifecycle range as one field (array or comma-joined pair) and answers it', async () => {
    const id = await serverId()
    const detailOf = async (name: string) =>
      (await call('GET', `/api/ysjs-job/job-info/list?jobName=${encodeURIComponent(name)}`)).data.records[0]
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        jobServerId: id,
        jobName: '生命周期数组',
        lifecycle: ['2026-03-01 08:00:00', '2026-09-30 18:00:00'],
      }),
    ).toMatchObject({ code: 200, msg: '操作成功' })
    const row = await detailOf('生命周期数组')
    expect(row).toMatchObject({
      lifecycleStart: '2026-03-01 08:00:00',
      lifecycleEnd: '2026-09-30 18:00:00',
      lifecycle: ['2026-03-01 08:00:00', '2026-09-30 18:00:00'],
    })
    expect((await call('GET', `/api/ysjs-job/job-info/detail?id=${row.id}`)).data.lifecycle).toEqual([
      '2026-03-01 08:00:00',
      '2026-09-30 18:00:00',
    ])
    // The comma-joined pair, an open end, and the separate fields overridden by `lifecycle`.
    await call('POST', '/api/ysjs-job/job-info/submit', {
      ...row,
      lifecycleStart: '2020-01-01 00:00:00',
      lifecycle: '2027-01-01 00:00:00,',
    })
    expect(await detailOf('生命周期数组')).toMatchObject({
      lifecycleStart: '2027-01-01 00:00:00',
      lifecycleEnd: null,
      lifecycle: ['2027-01-01 00:00:00', null],
    })
    await call('POST', '/api/ysjs-job/job-info/submit', { ...row, lifecycle: '' })
    expect(await detailOf('生命周期数组')).toMatchObject({
      lifecycleStart: null,
      lifecycleEnd: null,
      lifecycle: null,
    })
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...row,
        lifecycle: '2026-09-30 18:00:00,2026-03-01 08:00:00',
      }),
    ).toMatchObject({ code: 400, msg: '生命周期结束时间应晚于开始时间' })
    for (const bad of [['2026-02-30 00:00:00', null], 'yesterday,today', ['a', 'b', 'c'], 42]) {
      expect(await call('POST', '/api/ysjs-job/job-info/submit', { ...row, lifecycle: bad })).toMatchObject({
        code: 400,
        msg: '生命周期时间格式应为 yyyy-MM-dd HH:mm:ss',
      })
    }
  })

  it('clears optional fields on edit ("" or null), numbers back to their defaults; fields left out are kept', async () => {
    const id = await serverId()
    const filled = {
      ...JOB,
      jobServerId: id,
      jobName: '可清空字段',
      jobDescription: '描述',
      jobParams: '{"days":30}',
      extra: '{"workingDay":"only"}',
      designatedWorkers: 'worker-a',
      notifyUserIds: ADMIN_ID,
      maxInstanceNum: 2,
      concurrency: 9,
      instanceRetryNum: 3,
      alertThreshold: 4,
      minCpuCores: 1.5,
      logType: 4,
      logLevel: 3,
      lifecycleStart: '2026-01-01 00:00:00',
      lifecycleEnd: '2030-01-01 00:00:00',
    }
    expect(await call('POST', '/api/ysjs-job/job-info/submit', filled)).toMatchObject({ code: 200 })
    const row = (await call('GET', '/api/ysjs-job/job-info/list?jobName=可清空字段')).data.records[0]
    expect(row).toMatchObject({ extra: '{"workingDay":"only"}', concurrency: 9, logLevel: 3 })
    const detail = async () => (await call('GET', `/api/ysjs-job/job-info/detail?id=${row.id}`)).data

    // Fields left out of a submit keep what is stored.
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        id: row.id,
        jobServerId: id,
        jobName: '可清空字段',
      }),
    ).toMatchObject({ code: 200 })
    expect(await detail()).toMatchObject({
      jobParams: '{"days":30}',
      concurrency: 9,
      lifecycleEnd: '2030-01-01 00:00:00',
    })

    // As the job form sends a cleared field (''); null means "not carried" and keeps the value (issue 28).
    const cleared = await call('POST', '/api/ysjs-job/job-info/submit', {
      ...filled,
      id: row.id,
      jobDescription: '',
      jobParams: '',
      extra: '  ',
      designatedWorkers: '',
      notifyUserIds: '',
      maxInstanceNum: '',
      concurrency: '',
      instanceRetryNum: '',
      alertThreshold: '',
      minCpuCores: '',
      logType: '',
      logLevel: '',
      lifecycleStart: '',
      lifecycleEnd: '',
    })
    expect(cleared).toMatchObject({ code: 200 })
    expect(await detail()).toMatchObject({
      jobDescription: null,
      jobParams: null,
      extra: null,
      designatedWorkers: null,
      notifyUserIds: null,
      maxInstanceNum: 0,
      concurrency: 5,
      instanceRetryNum: 0,
      alertThreshold: 0,
      minCpuCores: 0,
      logType: 1,
      logLevel: 2,
      lifecycleStart: null,
      lifecycleEnd: null,
      lifecycle: null,
    })
  })

  it('takes notifyUserIds as a list of existing user ids, normalised to id,id', async () => {
    const id = await serverId()
    const base = { ...JOB, jobServerId: id, jobName: '报警用户' }
    for (const bad of [
      'abc',
      '1,2;3',
      '99999999999999999999',
      Array(21)
        .fill(ADMIN_ID)
        .map((x, i) => `${x.slice(0, -2)}${10 + i}`)
        .join(','),
    ]) {
      expect(
        await call('POST', '/api/ysjs-job/job-info/submit', { ...base, notifyUserIds: bad }),
      ).toMatchObject({
        code: 400,
        msg: '报警用户应为用户 id, 多个以逗号分隔 (最多 20 个)',
      })
    }
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', { ...base, notifyUserIds: '4242' }),
    ).toMatchObject({
      code: 400,
      msg: '报警用户不存在',
    })
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...base,
        notifyUserIds: ` ${ADMIN_ID}， ${ADMIN_ID} `,
      }),
    ).toMatchObject({ code: 200 })
    expect(
      (await call('GET', '/api/ysjs-job/job-info/list?jobName=报警用户')).data.records[0].notifyUserIds,
    ).toBe(ADMIN_ID)
  })

  it('answers the sub-tasks of a broadcast run; MapReduce needs a MapReduce processor', async () => {
    const id = await serverId()
    const refused = await call('POST', '/api/ysjs-job/job-info/submit', {
      ...JOB,
      jobServerId: id,
      jobName: 'MapReduce',
      executeType: 3,
    })
    expect(refused).toMatchObject({ code: 400, msg: 'MapReduce 执行需要 MapReduce 内建处理器: http-map' })
    // The built-in processor's parameters are checked at submit, with what it takes.
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        jobServerId: id,
        jobName: 'MapReduce 无地址',
        executeType: 3,
        processorInfo: 'http-map',
      }),
    ).toMatchObject({ code: 400, msg: expect.stringContaining('MapReduce HTTP 的任务参数应为 {"urls"') })
    for (const jobParams of [
      null,
      '{"method":"GET"}',
      '{"url":"ftp://x/y"}',
      '{"url":"http://x","method":"GO"}',
    ]) {
      expect(
        await call('POST', '/api/ysjs-job/job-info/submit', {
          ...JOB,
          jobServerId: id,
          jobName: 'HTTP 参数',
          processorInfo: 'http-call',
          jobParams,
        }),
      ).toMatchObject({ code: 400, msg: expect.stringContaining('HTTP 调用的任务参数应为') })
    }
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        jobServerId: id,
        jobName: '清理天数',
        processorInfo: 'prune-logs',
        jobParams: '{"days":"abc"}',
      }),
    ).toMatchObject({ code: 400, msg: expect.stringContaining('清理过期日志的任务参数') })
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        jobServerId: id,
        jobName: 'HTTP 参数',
        processorInfo: 'http-call',
        jobParams: '{"url":"http://127.0.0.1:1/x","method":"GET"}',
      }),
    ).toMatchObject({ code: 200 })
    // A host outside JOB_HTTP_ALLOWED_HOSTS is refused at submit, as the worker would refuse the call;
    // so is another port of a listed host (issue 22: host AND port).
    for (const url of ['http://127.0.0.1:5432/x', 'http://localhost:6379/x', 'http://127.0.0.1/x']) {
      expect(
        await call('POST', '/api/ysjs-job/job-info/submit', {
          ...JOB,
          jobServerId: id,
          jobName: '端口',
          processorInfo: 'http-call',
          jobParams: JSON.stringify({ url, method: 'GET' }),
        }),
        url,
      ).toMatchObject({ code: 400, msg: `主机 ${new URL(url).host} 不在 JOB_HTTP_ALLOWED_HOSTS 中` })
    }
    const outside = [
      { processorType: 4, processorInfo: 'GET http://evil.example.com/x' },
      { processorInfo: 'http-call', jobParams: '{"url":"https://Evil.Example.com/hook"}' },
      {
        executeType: 3,
        processorInfo: 'http-map',
        jobParams: '{"urls":["http://localhost/a","http://evil.example.com/b"]}',
      },
    ]
    for (const fields of outside) {
      expect(
        await call('POST', '/api/ysjs-job/job-info/submit', {
          ...JOB,
          jobServerId: id,
          jobName: '外部',
          ...fields,
        }),
      ).toMatchObject({ code: 400, msg: '主机 evil.example.com 不在 JOB_HTTP_ALLOWED_HOSTS 中' })
    }
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        jobServerId: id,
        jobName: '外部',
        processorType: 4,
        processorInfo: 'POST http://LOCALHOST:9/callback',
      }),
    ).toMatchObject({ code: 200 })
    const extra = await call('POST', '/api/ysjs-job/job-info/submit', {
      ...JOB,
      jobServerId: id,
      jobName: '工作日',
      extra: '{"workingDay":"never"}',
    })
    expect(extra).toMatchObject({ code: 400, msg: expect.stringContaining('扩展参数应为 JSON') })
    expect(
      await call('POST', '/api/ysjs-job/job-info/submit', {
        ...JOB,
        jobServerId: id,
        jobName: '广播',
        executeType: 2,
        extra: '{"workingDay":"only"}',
      }),
    ).toMatchObject({ code: 200 })
    const job = (await call('GET', '/api/ysjs-job/job-info/list?jobName=广播')).data.records[0]
    await t.app.prisma.jobInstance.create({
      data: { id: 4343n, jobInfoId: BigInt(job.id), plannedTime: new Date(), status: 'succeeded' },
    })
    await t.app.prisma.jobTask.createMany({
      data: ['worker-b', 'worker-a'].map((w, i) => ({
        id: 4400n + BigInt(i),
        instanceId: 4343n,
        jobInfoId: BigInt(job.id),
        taskKey: w,
        workerId: w,
        status: 'succeeded',
        attempt: 1,
        result: 'HTTP 200: ok',
        startTime: new Date('2026-01-05T04:00:00Z'),
        endTime: new Date('2026-01-05T04:00:01Z'),
      })),
    })
    const tasks = await call('GET', '/api/ysjs-job/job-instance/tasks?id=4343')
    expect(tasks.data).toEqual([
      {
        id: '4401',
        instanceId: '4343',
        taskKey: 'worker-a',
        workerId: 'worker-a',
        status: 'succeeded',
        attempt: 1,
        result: 'HTTP 200: ok',
        startTime: '2026-01-05 12:00:00',
        endTime: '2026-01-05 12:00:01',
      },
      expect.objectContaining({ taskKey: 'worker-b' }),
    ])
    expect(await call('GET', '/api/ysjs-job/job-instance/tasks?id=1')).toMatchObject({
      code: 400,
      msg: '任务实例不存在',
    })
  })
})

describe('who may touch jobs', () => {
  it("only the platform's administrator: another tenant's admin or a role holding every job code gets 403", async () => {
    const id = await serverId()
    await call('POST', '/api/ysjs-job/job-info/submit', { ...JOB, jobServerId: id, jobName: '平台任务' })
    const job = (await call('GET', '/api/ysjs-job/job-info/list?jobName=平台任务')).data.records[0]
    const instance = (await call('POST', `/api/ysjs-job/job-info/run?id=${job.id}`)).data
    await t.app.prisma.jobInstance.update({ where: { id: BigInt(instance) }, data: { status: 'missed' } })

    await createTenant(t.app, '300009')
    const everyJobCode = ['job']
    const tenantRole = await createRole(t.app, {
      tenantId: '300009',
      alias: 'admin',
      menuCodes: everyJobCode,
    })
    await createUser(t.app, {
      account: 'jobadmin',
      tenantId: '300009',
      roleIds: [tenantRole],
      password: 'pw-b',
    })
    const localRole = await createRole(t.app, { alias: 'jobs-only', menuCodes: everyJobCode })
    await createUser(t.app, { account: 'jobclerk', roleIds: [localRole] })
    const callers = {
      otherTenant: await loginAs(t.app, 'jobadmin', '300009', 'pw-b'),
      sameTenant: await loginAs(t.app, 'jobclerk'),
    }
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/ysjs-job/job-info/list'],
      ['GET', `/api/ysjs-job/job-info/detail?id=${job.id}`],
      ['POST', '/api/ysjs-job/job-info/submit', { ...JOB, id: job.id, jobServerId: id, jobName: '改名' }],
      ['POST', '/api/ysjs-job/job-info/submit', { ...JOB, jobServerId: id, jobName: '新任务' }],
      ['POST', `/api/ysjs-job/job-info/remove?ids=${job.id}`],
      ['POST', `/api/ysjs-job/job-info/change?id=${job.id}&enable=1`],
      ['POST', `/api/ysjs-job/job-info/run?id=${job.id}`],
      ['POST', '/api/ysjs-job/job-info/sync'],
      ['GET', '/api/ysjs-job/job-info/next-fire-times?timeExpressionType=2&timeExpression=0+0+1+*+*+%3F'],
      ['GET', '/api/ysjs-job/job-server/list'],
      ['GET', `/api/ysjs-job/job-server/detail?id=${id}`],
      ['POST', `/api/ysjs-job/job-server/sync?id=${id}`],
      ['POST', `/api/ysjs-job/job-server/remove?ids=${id}`],
      ['GET', `/api/ysjs-job/job-instance/list?jobInfoId=${job.id}`],
      ['GET', `/api/ysjs-job/job-instance/detail?id=${instance}`],
      ['GET', `/api/ysjs-job/job-instance/tasks?id=${instance}`],
      ['POST', `/api/ysjs-job/job-instance/catch-up?id=${instance}`],
      ['POST', `/api/ysjs-job/job-instance/stop?id=${instance}`],
      ['POST', '/api/ysjs-job/work-calendar/submit', { year: 2031, days: [] }],
      ['POST', '/api/ysjs-job/work-calendar/remove?ids=2026'],
    ]
    for (const [who, headers] of Object.entries(callers)) {
      for (const [method, url, payload] of calls) {
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
        expect([who, url, res.statusCode, res.json().msg]).toEqual([who, url, 403, '请求被拒绝'])
      }
      // The calendar is read by anyone holding its menu (deadlines in every tenant).
      const check = await t.app.inject({
        method: 'GET',
        url: '/api/ysjs-job/work-calendar/check?date=2026-10-01',
        headers,
      })
      expect(check.json()).toMatchObject({ code: 200, data: { workingDay: false } })
    }
    // Nothing changed.
    expect((await call('GET', `/api/ysjs-job/job-info/detail?id=${job.id}`)).data).toMatchObject({
      jobName: '平台任务',
      enable: 0,
    })
    expect(await t.app.prisma.jobInfo.count({ where: { jobName: '新任务' } })).toBe(0)
    expect((await t.app.prisma.jobInstance.findUnique({ where: { id: BigInt(instance) } }))?.status).toBe(
      'missed',
    )
    expect(
      (await call('GET', '/api/ysjs-job/work-calendar/years')).data.map((y: { year: number }) => y.year),
    ).toContain(2026)
  })
})
