import { nextId } from '@ysjs/db'
import { RESULTS_STATUS as S, StageMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, TENANT, type TTestApp } from './helpers/app.ts'
import { unique } from './helpers/system.ts'

/** The stage screens' list (issue 24, decision 029): `results/list?stage=…&stageState=…`. */
const P = '/api/ysjs-appraise'
let t: TTestApp
let staff = ''
let member = ''
let memberId = 0n
const ids: Record<string, bigint> = {}

/** One application in a given status, written directly (the transitions are appraise.test's). */
const application = async (key: string, status: number, createUser = memberId) => {
  const id = nextId()
  await t.app.prisma.results.create({
    data: { id, tenantId: TENANT, name: unique(`阶段${key}`), status, createUser, updateTime: new Date() },
  })
  ids[key] = id
  return id
}
const push = (resultsId: bigint) =>
  t.app.prisma.resultsExpert.create({
    data: { id: nextId(), tenantId: TENANT, resultsId, expertId: nextId() },
  })
const meetingRecord = (resultsId: bigint) =>
  t.app.prisma.resultsAttach.create({
    data: {
      id: nextId(),
      tenantId: TENANT,
      resultsId,
      attachId: nextId(),
      kind: 'meeting',
      name: '评价会议.docx',
    },
  })

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000' })
  staff = (await login(t.app, 'appraiser')).access_token
  const m = await login(t.app, 'member')
  member = m.access_token
  memberId = BigInt(String(m.user_id))
  await application('draft', S.DRAFT)
  await application('pending', S.PENDING)
  await application('acceptedBare', S.ACCEPTED)
  await push(await application('acceptedPushed', S.ACCEPTED))
  await application('evaluatingBare', S.EVALUATING)
  const evaluatingPushed = await application('evaluatingPushed', S.EVALUATING)
  await push(evaluatingPushed)
  await meetingRecord(evaluatingPushed)
  // A withdrawn push does not count.
  const withdrawn = await application('withdrawn', S.EVALUATING)
  await t.app.prisma.resultsExpert.create({
    data: { id: nextId(), tenantId: TENANT, resultsId: withdrawn, expertId: nextId(), isDeleted: 1 },
  })
  await application('scored', S.SCORED)
  await meetingRecord(await application('reported', S.REPORTED))
  await application('archived', S.ARCHIVED)
  await application('returned', S.RETURNED)
  // Someone else's application: staff count it, the member does not.
  await application('othersPending', S.PENDING, 1n)
})
afterAll(async () => {
  await t.close()
})

type TPageAnswer = {
  code: number
  msg: string
  data: { records: { id: string }[]; total: number; stageCounts?: { todo: number; done: number } }
}
const list = async (query: string, token = staff) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${P}/results/list?size=200&${query}`,
    headers: auth(token),
  })
  return { status: res.statusCode, body: res.json() as TPageAnswer }
}
/** The keys (of this file's applications) a list answers. */
const keysOf = (body: TPageAnswer) => {
  const byId = new Map(Object.entries(ids).map(([k, v]) => [String(v), k]))
  return body.data.records
    .map((r) => byId.get(r.id))
    .filter((k): k is string => !!k)
    .sort()
}

describe('results/list by stage', () => {
  const cases: [string, string[], string[]][] = [
    [
      'agreement',
      ['othersPending', 'pending'],
      [
        'acceptedBare',
        'acceptedPushed',
        'archived',
        'evaluatingBare',
        'evaluatingPushed',
        'reported',
        'scored',
        'withdrawn',
      ],
    ],
    [
      'notice',
      ['acceptedBare', 'acceptedPushed'],
      ['archived', 'evaluatingBare', 'evaluatingPushed', 'reported', 'scored', 'withdrawn'],
    ],
    [
      'basic',
      ['acceptedBare', 'evaluatingBare', 'withdrawn'],
      ['acceptedPushed', 'archived', 'evaluatingPushed', 'reported', 'scored'],
    ],
    ['index', ['acceptedPushed', 'evaluatingPushed'], ['archived', 'reported', 'scored']],
    [
      'meeting',
      ['acceptedBare', 'acceptedPushed', 'evaluatingBare', 'scored', 'withdrawn'],
      ['evaluatingPushed', 'reported'],
    ],
    ['report', ['scored'], ['archived', 'reported']],
  ]
  for (const [stage, todo, done] of cases) {
    it(`${stage}: the applications waiting for the step, those past it, and both counts`, async () => {
      const waiting = await list(`stage=${stage}&stageState=todo`)
      expect(waiting.status).toBe(200)
      expect(keysOf(waiting.body)).toEqual(todo)
      const past = await list(`stage=${stage}&stageState=done`)
      expect(keysOf(past.body)).toEqual(done)
      // The counts cover the tenant's rows (other tests' too): at least this file's, and each half's total.
      expect(waiting.body.data.stageCounts).toEqual({
        todo: waiting.body.data.total,
        done: past.body.data.total,
      })
      const both = await list(`stage=${stage}`)
      expect(keysOf(both.body)).toEqual([...todo, ...done].sort())
    })
  }

  it('never lists drafts or returned applications at any stage', async () => {
    for (const stage of ['agreement', 'notice', 'basic', 'index', 'meeting', 'report']) {
      const { body } = await list(`stage=${stage}`)
      expect(keysOf(body)).not.toContain('draft')
      expect(keysOf(body)).not.toContain('returned')
    }
  })

  it('counts and lists only an applicant’s own applications for an applicant', async () => {
    const { status, body } = await list('stage=agreement&stageState=todo', member)
    expect(status).toBe(200)
    expect(keysOf(body)).toEqual(['pending'])
    const staffView = await list('stage=agreement&stageState=todo')
    expect(staffView.body.data.stageCounts!.todo).toBeGreaterThan(body.data.stageCounts!.todo)
  })

  it('keeps the name search inside the stage, and the counts whatever is searched', async () => {
    const { body } = await list('stage=report&stageState=todo&name=阶段scored')
    expect(keysOf(body)).toEqual(['scored'])
    const all = await list('stage=report&stageState=todo')
    expect(body.data.stageCounts).toEqual(all.body.data.stageCounts)
  })

  it('answers no counts without a stage (the answer as before)', async () => {
    const { body } = await list('status=1')
    expect(body.data.stageCounts).toBeUndefined()
    expect(keysOf(body)).toEqual(['othersPending', 'pending'])
  })

  it('refuses an unknown stage or state with a clear message', async () => {
    const bad = await list('stage=contract')
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe(StageMsg.STAGE)
    const badState = await list('stage=notice&stageState=later')
    expect(badState.status).toBe(400)
    expect(badState.body.msg).toBe(StageMsg.STATE)
    // Blank values are no filter (as the list's other filters).
    expect((await list('stage=&stageState=')).status).toBe(200)
  })
})
