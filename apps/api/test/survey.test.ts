import { nextId } from '@ysjs/db'
import { formatDate, formatDateTime, SurveyMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, loginAs } from './helpers/authority.ts'
import { readExport, shapeOf } from './helpers/xlsx.ts'

const EVAL = '/api/ysjs-evaluation'
/** The sample survey is seeded as the seeding day's year's (the test template is seeded the same day). */
const TODAY = formatDate(new Date())
const SEEDED_CODE = `YS-${TODAY.slice(0, 4)}-01`
const COMPANY = `${EVAL}/blade-company/company`
type THeaders = Record<string, string>

let t: TTestApp
let admin: THeaders
let memberA: THeaders
let memberA2: THeaders
let memberB: THeaders
let memberC: THeaders
let memberD: THeaders
let loner: THeaders
let firmA: bigint
let firmB: bigint

const call = async (method: 'GET' | 'POST', url: string, headers: THeaders, payload?: object) => {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
  return { status: res.statusCode, ...res.json() }
}

const firm = async (name: string) => {
  const id = nextId()
  await t.app.prisma.dept.create({
    data: { id, tenantId: '000000', parentId: 0n, ancestors: '0', deptName: name, deptCategory: 1 },
  })
  return id
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '1000000' })
  admin = auth((await login(t.app, 'admin')).access_token)
  const role = (
    await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'member', tenantId: '000000' } })
  ).id
  firmA = await firm('江西铜业技术研究院')
  firmB = await firm('中铝材料应用研究院')
  // A department under firm A: its users fill for firm A.
  const lab = nextId()
  await t.app.prisma.dept.create({
    data: {
      id: lab,
      tenantId: '000000',
      parentId: firmA,
      ancestors: `0,${firmA}`,
      deptName: '研发部',
      deptCategory: 2,
    },
  })
  await createUser(t.app, { account: 'membera', roleIds: [role], deptIds: [firmA] })
  await createUser(t.app, { account: 'membera2', roleIds: [role], deptIds: [lab] })
  await createUser(t.app, { account: 'memberb', roleIds: [role], deptIds: [firmB] })
  await createUser(t.app, { account: 'memberc', roleIds: [role], deptIds: [await firm('云南锡业研究所')] })
  await createUser(t.app, { account: 'memberd', roleIds: [role], deptIds: [await firm('金川镍钴研究院')] })
  await createUser(t.app, { account: 'loner', roleIds: [role] })
  memberA = await loginAs(t.app, 'membera')
  memberA2 = await loginAs(t.app, 'membera2')
  memberB = await loginAs(t.app, 'memberb')
  memberC = await loginAs(t.app, 'memberc')
  memberD = await loginAs(t.app, 'memberd')
  loner = await loginAs(t.app, 'loner')
})
afterAll(async () => {
  await t.close()
})

const createSurvey = async (over: Record<string, unknown> = {}) => {
  const res = await call('POST', `${EVAL}/survey/submit`, admin, {
    name: '测试问卷',
    code: `T-${nextId()}`.slice(0, 32),
    startDate: '2020-01-01',
    endDate: '2099-12-31',
    ...over,
  })
  expect(res.code, res.msg).toBe(200)
  return res.data.id as string
}
const addQuestion = async (surveyId: string, body: Record<string, unknown>) => {
  const res = await call('POST', `${EVAL}/question/submit`, admin, { surveyId, ...body })
  expect(res.code, res.msg).toBe(200)
  return res.data.id as string
}

/** A published survey: Q1 single (with 其他), Q2 multiple (with 其他), Q3 fill-in, Q4 short answer (page 2). */
const publishedSurvey = async (over: Record<string, unknown> = {}) => {
  const surveyId = await createSurvey(over)
  await addQuestion(surveyId, {
    questionText: '单位性质',
    type: 0,
    page: 1,
    options: [{ optionText: '国有企业' }, { optionText: '民营企业' }, { optionText: '其他', isInput: 1 }],
  })
  await addQuestion(surveyId, {
    questionText: '主营品种',
    type: 1,
    page: 1,
    options: [{ optionText: '铜' }, { optionText: '铝' }, { optionText: '其他', isInput: 1 }],
  })
  await addQuestion(surveyId, { questionText: '研发人员数量', type: 2, page: 1 })
  await addQuestion(surveyId, { questionText: '代表性成果', type: 3, page: 2 })
  expect((await call('POST', `${EVAL}/survey/publish?id=${surveyId}`, admin)).code).toBe(200)
  const questions = (await call('GET', `${EVAL}/question/list?surveyId=${surveyId}`, admin)).data.records
  return { surveyId, q: questions as { id: string; options: { id: string }[] }[] }
}

const answer = (
  surveyId: string,
  headers: THeaders,
  submitType: number,
  answerList: object[],
  page?: number,
) =>
  call('POST', `${EVAL}/answer/submit`, headers, {
    surveyId,
    submitType,
    answerList,
    ...(page ? { page } : {}),
  })

/** Page 1: the company form, with the first industry field when the survey asks for one. */
const saveCompany = async (surveyId: string, headers: THeaders, name = '测试单位') => {
  const industries = (await call('GET', `${EVAL}/industryField/listAll`, headers)).data as { id: string }[]
  const res = await call('POST', `${COMPANY}/submit`, headers, {
    surveyId,
    name,
    industryField: industries[0]!.id,
  })
  expect(res.code, res.msg).toBe(200)
}

describe('design', () => {
  it('keeps the code unique, checks dates and freezes questions once published', async () => {
    const code = `U-${nextId()}`.slice(0, 32)
    await createSurvey({ code })
    expect(
      (
        await call('POST', `${EVAL}/survey/submit`, admin, {
          name: 'x',
          code,
          startDate: '2020-01-01',
          endDate: '2020-02-01',
        })
      ).msg,
    ).toBe(SurveyMsg.CODE_TAKEN)
    const bad = await call('POST', `${EVAL}/survey/submit`, admin, {
      name: 'x',
      code: 'X1',
      startDate: '2020-02-01',
      endDate: '2020-01-01',
    })
    expect(bad.msg).toBe(SurveyMsg.END_BEFORE_START)
    expect(
      (
        await call('POST', `${EVAL}/survey/submit`, admin, {
          code: 'X2',
          startDate: '2020-01-01',
          endDate: '2020-01-02',
        })
      ).msg,
    ).toBe(SurveyMsg.NAME)
    expect(
      (
        await call('POST', `${EVAL}/survey/submit`, admin, {
          name: 'x',
          code: 'X3',
          startDate: '2020/01/01',
          endDate: '2020-01-02',
        })
      ).msg,
    ).toBe(SurveyMsg.START_DATE)

    const empty = await createSurvey()
    expect((await call('POST', `${EVAL}/survey/publish?id=${empty}`, admin)).msg).toBe(SurveyMsg.NO_QUESTIONS)
    expect((await call('POST', `${EVAL}/survey/newVersion?id=${empty}`, admin)).msg).toBe(
      SurveyMsg.VERSION_OF_DRAFT,
    )
    // Question pages run from 1 without a gap: a survey with pages 1 and 3 is not published.
    const gappy = await createSurvey()
    await addQuestion(gappy, { questionText: '第一页', type: 2, page: 1 })
    const third = await addQuestion(gappy, { questionText: '第三页', type: 2, page: 3 })
    expect((await call('POST', `${EVAL}/survey/publish?id=${gappy}`, admin)).msg).toBe(SurveyMsg.PAGE_GAP(2))
    await call('POST', `${EVAL}/question/submit`, admin, {
      id: third,
      surveyId: gappy,
      questionText: '第二页',
      type: 2,
      page: 2,
    })
    expect((await call('POST', `${EVAL}/survey/publish?id=${gappy}`, admin)).code).toBe(200)
    expect(
      (
        await call('POST', `${EVAL}/question/submit`, admin, {
          surveyId: empty,
          questionText: '单选',
          type: 0,
          options: [{ optionText: 'a' }],
        })
      ).msg,
    ).toBe(SurveyMsg.OPTIONS_NEEDED)

    const { surveyId, q } = await publishedSurvey()
    const frozen = await call('POST', `${EVAL}/question/submit`, admin, {
      surveyId,
      questionText: '新题',
      type: 2,
    })
    expect(frozen.msg).toBe(SurveyMsg.NOT_DRAFT)
    expect((await call('POST', `${EVAL}/question/remove?ids=${q[0]!.id}`, admin)).msg).toBe(
      SurveyMsg.NOT_DRAFT,
    )

    const next = await call('POST', `${EVAL}/survey/newVersion?id=${surveyId}`, admin)
    expect(next.code).toBe(200)
    const copy = await call('GET', `${EVAL}/survey/detail?id=${next.data.id}`, admin)
    expect(copy.data).toMatchObject({ state: 0, version: 2, questionCount: 4, previousId: surveyId })
    expect(copy.data.code).toMatch(/-v2$/)
    const ids = (await call('GET', `${EVAL}/question/list?surveyId=${next.data.id}`, admin)).data.records.map(
      (x: { id: string }) => x.id,
    )
    const reversed = [...ids].reverse()
    expect(
      (await call('POST', `${EVAL}/question/sort`, admin, { surveyId: next.data.id, ids: reversed })).code,
    ).toBe(200)
    // Sort within a page: q4 stays on page 2, the three page-1 questions are reversed.
    const after = (await call('GET', `${EVAL}/question/list?surveyId=${next.data.id}`, admin)).data.records
    expect(after.map((x: { questionText: string }) => x.questionText)).toEqual([
      '研发人员数量',
      '主营品种',
      '单位性质',
      '代表性成果',
    ])
  })

  it('an update writes only the fields it carries: survey and question (decision 030)', async () => {
    const surveyId = await createSurvey({ description: '说明', cover: '封面' })
    expect(
      (await call('POST', `${EVAL}/survey/submit`, admin, { id: surveyId, name: '改名问卷' })).code,
    ).toBe(200)
    const survey = (await call('GET', `${EVAL}/survey/detail?id=${surveyId}`, admin)).data
    expect(survey).toMatchObject({
      name: '改名问卷',
      description: '说明',
      cover: '封面',
      startDate: '2020-01-01',
      endDate: '2099-12-31',
    })
    expect((await call('POST', `${EVAL}/survey/submit`, admin, { id: surveyId, name: '' })).msg).toBe(
      SurveyMsg.NAME,
    )
    // The rule across fields holds for the stored record with the patch applied.
    expect(
      (await call('POST', `${EVAL}/survey/submit`, admin, { id: surveyId, endDate: '2019-12-31' })).msg,
    ).toBe(SurveyMsg.END_BEFORE_START)
    expect((await call('POST', `${EVAL}/survey/submit`, admin, { id: surveyId, description: '' })).code).toBe(
      200,
    )
    expect([null, '']).toContain(
      (await call('GET', `${EVAL}/survey/detail?id=${surveyId}`, admin)).data.description,
    )

    const questionId = await addQuestion(surveyId, {
      questionText: '单位性质',
      type: 0,
      page: 2,
      options: [{ optionText: '国有企业' }, { optionText: '民营企业' }],
    })
    // Only the text: the type, page and options stay (an absent list is not an empty one).
    expect(
      (await call('POST', `${EVAL}/question/submit`, admin, { id: questionId, questionText: '企业性质' }))
        .code,
    ).toBe(200)
    const [question] = (await call('GET', `${EVAL}/question/list?surveyId=${surveyId}`, admin)).data.records
    expect(question).toMatchObject({ id: questionId, questionText: '企业性质', type: 0, page: 2 })
    expect(question.options.map((o: { optionText: string }) => o.optionText)).toEqual([
      '国有企业',
      '民营企业',
    ])
    expect(
      (await call('POST', `${EVAL}/question/submit`, admin, { id: questionId, questionText: '' })).msg,
    ).toBe(SurveyMsg.QUESTION_TEXT)
  })

  it('chosen units are member units of the tenant; only a draft is published', async () => {
    const base = { name: '定向问卷', startDate: '2026-01-01', endDate: '2026-12-31', targetType: 1 }
    // Unknown ids, a department (not a company) and another tenant's company are all refused.
    const lab = (await t.app.prisma.dept.findFirstOrThrow({ where: { deptName: '研发部', parentId: firmA } }))
      .id
    await createTenant(t.app, '300019')
    const foreign = nextId()
    await t.app.prisma.dept.create({
      data: {
        id: foreign,
        tenantId: '300019',
        parentId: 0n,
        ancestors: '0',
        deptName: '外租户单位',
        deptCategory: 1,
      },
    })
    for (const targetIds of ['1', `${firmA},${lab}`, `${firmA},${foreign}`]) {
      const refused = await call('POST', `${EVAL}/survey/submit`, admin, {
        ...base,
        code: `D-${nextId()}`.slice(0, 32),
        targetIds,
      })
      expect([refused.status, refused.msg]).toEqual([400, SurveyMsg.TARGET_UNKNOWN])
    }
    const ok = await call('POST', `${EVAL}/survey/submit`, admin, {
      ...base,
      code: `D-${nextId()}`.slice(0, 32),
      targetIds: [String(firmA), String(firmB)],
    })
    expect(ok.code, ok.msg).toBe(200)
    const { surveyId } = await publishedSurvey()
    expect((await call('POST', `${EVAL}/survey/publish?id=${surveyId}`, admin)).msg).toBe(
      SurveyMsg.PUBLISH_DRAFT_ONLY,
    )
    expect((await call('POST', `${EVAL}/survey/close?id=${ok.data.id}`, admin)).msg).toBe(
      SurveyMsg.NOT_PUBLISHED,
    )
  })

  it('the seeded survey has 16 question pages (the screen last page is 17), every type used', async () => {
    const list = await call('GET', `${EVAL}/survey/list?code=${SEEDED_CODE}`, admin)
    const seeded = list.data.records[0]
    expect(seeded).toMatchObject({ state: 1, code: SEEDED_CODE })
    // Open today and for at least a year from the day it was seeded, whatever that day is.
    const year = Number(TODAY.slice(0, 4))
    expect(seeded).toMatchObject({ startDate: `${year}-01-01`, endDate: `${year + 1}-12-31` })
    expect(seeded.startDate <= TODAY && TODAY <= seeded.endDate).toBe(true)
    const questions = (await call('GET', `${EVAL}/question/list?surveyId=${seeded.id}`, admin)).data
      .records as {
      page: number
      type: number
    }[]
    expect(Math.max(...questions.map((x) => x.page))).toBe(16)
    expect(new Set(questions.map((x) => x.type))).toEqual(new Set([0, 1, 2, 3]))
  })
})

describe('filling', () => {
  it('draft, per-page save, every message in question order, other text, submit, read-only', async () => {
    const { surveyId, q } = await publishedSurvey()
    const [q1, q2, q3, q4] = q as [
      { id: string; options: { id: string }[] },
      { id: string; options: { id: string }[] },
      { id: string },
      { id: string },
    ]
    // Not started yet.
    expect((await answer(surveyId, memberA, 0, [])).msg).toBe(SurveyMsg.EXAMPLE_MISSING)
    const open = await call('GET', `${EVAL}/survey/openList`, memberA)
    expect(open.data.map((s: { id: string }) => s.id)).toContain(surveyId)
    const started = await call('POST', `${EVAL}/example/submit`, memberA, { surveyId })
    expect(started.data).toMatchObject({ status: 2, firmName: '江西铜业技术研究院', lastPage: 3 })
    // The same unit (a user of a dept under it) shares the filling.
    const again = await call('POST', `${EVAL}/example/submit`, memberA2, { surveyId })
    expect(again.data.id).toBe(started.data.id)

    // A draft needs nothing and sets 暂存.
    expect(
      (await answer(surveyId, memberA, 0, [{ surveyId, questionId: q1.id, optionId: q1.options[0]!.id }], 1))
        .code,
    ).toBe(200)
    let mine = await call('GET', `${EVAL}/example/mine?surveyId=${surveyId}`, memberA)
    expect(mine.data.status).toBe(1)
    // Per-page save: page 2 leaves page 1 alone.
    expect((await answer(surveyId, memberA, 0, [{ questionId: q4.id, inputText: '铜箔' }], 2)).code).toBe(200)
    const page1 = await call('GET', `${EVAL}/question/pageQuestionList?surveyId=${surveyId}&page=1`, memberA)
    // A page like every list (spec section 7), the survey page's questions all on it.
    expect(page1.data).toMatchObject({ total: 3, size: 3, current: 1, pages: 1 })
    expect(page1.data.records).toHaveLength(3)
    expect(page1.data.records[0].answerList).toEqual([
      { questionId: q1.id, optionId: q1.options[0]!.id, inputText: null },
    ])
    // A page save may not carry another page's answers.
    expect((await answer(surveyId, memberA, 0, [{ questionId: q4.id, inputText: 'x' }], 1)).msg).toBe(
      SurveyMsg.ANSWER_FOREIGN,
    )

    // Final submit: page 1 (the company form) first, then the questions in order.
    expect((await answer(surveyId, memberA, 1, [])).msg).toBe(SurveyMsg.COMPANY_MISSING)
    await saveCompany(surveyId, memberA, '江西铜业技术研究院')
    expect((await answer(surveyId, memberA, 1, [])).msg).toBe('请回答第 1 题: 单位性质')
    const other1 = [{ questionId: q1.id, optionId: q1.options[2]!.id }]
    expect((await answer(surveyId, memberA, 1, other1)).msg).toBe('请填写第 1 题"其他"选项的内容')
    const q1ok = [{ questionId: q1.id, optionId: q1.options[2]!.id, inputText: '混合所有制' }]
    expect((await answer(surveyId, memberA, 1, q1ok)).msg).toBe('第 2 题：请至少选择一个选项')
    const q2other = [
      ...q1ok,
      { questionId: q2.id, optionId: q2.options[0]!.id },
      { questionId: q2.id, optionId: q2.options[2]!.id, inputText: ' ' },
    ]
    expect((await answer(surveyId, memberA, 1, q2other)).msg).toBe('请填写第 2 题"其他"选项的内容')
    const q2ok = [
      ...q1ok,
      { questionId: q2.id, optionId: q2.options[0]!.id },
      { questionId: q2.id, optionId: q2.options[2]!.id, inputText: '锡' },
    ]
    expect((await answer(surveyId, memberA, 1, q2ok)).msg).toBe('请回答第 3 题: 研发人员数量')
    const q3ok = [...q2ok, { questionId: q3.id, inputText: '120' }]
    expect((await answer(surveyId, memberA, 1, q3ok)).msg).toBe('请回答第 4 题: 代表性成果')
    // Two choices on a single-choice question, a foreign option, an option on a text question.
    const two = [
      { questionId: q1.id, optionId: q1.options[0]!.id },
      { questionId: q1.id, optionId: q1.options[1]!.id },
    ]
    expect((await answer(surveyId, memberA, 0, two)).msg).toBe(SurveyMsg.SINGLE_ONE(1))
    expect(
      (await answer(surveyId, memberA, 0, [{ questionId: q1.id, optionId: q2.options[0]!.id }])).msg,
    ).toBe(SurveyMsg.ANSWER_FOREIGN)
    expect(
      (await answer(surveyId, memberA, 0, [{ questionId: q3.id, optionId: q1.options[0]!.id }])).msg,
    ).toBe(SurveyMsg.ANSWER_FOREIGN)
    // A refused submit changed nothing.
    mine = await call('GET', `${EVAL}/example/mine?surveyId=${surveyId}`, memberA)
    expect(mine.data.status).toBe(1)

    const all = [...q3ok, { questionId: q4.id, inputText: '高性能铜箔' }]
    expect((await answer(surveyId, memberA, 1, all)).code).toBe(200)
    mine = await call('GET', `${EVAL}/example/mine?surveyId=${surveyId}`, memberA)
    expect(mine.data.status).toBe(3)
    expect(mine.data.submitTime).toBeTruthy()
    const saved = await call('GET', `${EVAL}/question/pageQuestionList?surveyId=${surveyId}`, memberA)
    expect(saved.data.records[1].answerList).toHaveLength(2)
    expect(saved.data.records[1].answerList[1]).toMatchObject({ inputText: '锡' })
    const second = await call(
      'GET',
      `${EVAL}/question/pageQuestionList?surveyId=${surveyId}&current=2&size=1`,
      memberA,
    )
    expect(second.data).toMatchObject({ current: 2, size: 1, total: saved.data.total })
    expect(second.data.records.map((q: { id: string }) => q.id)).toEqual([saved.data.records[1].id])

    // Read-only after submit (answers and company form).
    expect((await answer(surveyId, memberA2, 0, [])).msg).toBe(SurveyMsg.SUBMITTED)
    expect((await call('POST', `${COMPANY}/submit`, memberA, { surveyId, name: '改名' })).msg).toBe(
      SurveyMsg.SUBMITTED,
    )

    // Staff return it; the member sees the reason and can fill again.
    const back = await call('POST', `${EVAL}/example/statusBack`, memberA, {
      surveyId,
      exampleId: started.data.id,
      reason: 'x',
    })
    expect(back.status).toBe(403)
    expect(
      (
        await call('POST', `${EVAL}/example/statusBack`, admin, {
          surveyId,
          exampleId: started.data.id,
          reason: '',
        })
      ).msg,
    ).toBe(SurveyMsg.BACK_REASON)
    expect(
      (
        await call('POST', `${EVAL}/example/statusBack`, admin, {
          surveyId,
          exampleId: started.data.id,
          reason: '请补充研发人员数量的口径',
        })
      ).code,
    ).toBe(200)
    expect(
      (
        await call('POST', `${EVAL}/example/statusBack`, admin, {
          surveyId,
          exampleId: started.data.id,
          reason: '再退',
        })
      ).msg,
    ).toBe(SurveyMsg.BACK_NOT_SUBMITTED)
    const cards = await call('GET', `${EVAL}/survey/surveyExampleList?status=2`, memberA)
    expect(cards.data.records.find((c: { id: string }) => c.id === started.data.id)).toMatchObject({
      status: 2,
      backReason: '请补充研发人员数量的口径',
    })
    // Reworked as a draft, the reason stays in view; resubmitted, it is gone.
    expect((await answer(surveyId, memberA, 0, [{ questionId: q3.id, inputText: '118' }], 1)).code).toBe(200)
    mine = await call('GET', `${EVAL}/example/mine?surveyId=${surveyId}`, memberA)
    expect(mine.data).toMatchObject({ status: 1, backReason: '请补充研发人员数量的口径' })
    expect((await answer(surveyId, memberA, 1, all)).code).toBe(200)
    mine = await call('GET', `${EVAL}/example/mine?surveyId=${surveyId}`, memberA)
    expect(mine.data).toMatchObject({ status: 3, backReason: null })
  })

  it('chosen units only; another unit gets its own filling; closed surveys take no saves', async () => {
    const { surveyId } = await publishedSurvey({ targetType: 1, targetIds: String(firmB) })
    expect((await call('POST', `${EVAL}/example/submit`, memberA, { surveyId })).msg).toBe(
      SurveyMsg.NOT_TARGET,
    )
    expect(
      (await call('GET', `${EVAL}/survey/openList`, memberA)).data.map((s: { id: string }) => s.id),
    ).not.toContain(surveyId)
    expect((await call('POST', `${EVAL}/example/submit`, memberB, { surveyId })).code).toBe(200)

    const all = await publishedSurvey()
    const a = await call('POST', `${EVAL}/example/submit`, memberA, { surveyId: all.surveyId })
    const b = await call('POST', `${EVAL}/example/submit`, memberB, { surveyId: all.surveyId })
    expect(a.data.id).not.toBe(b.data.id)
    expect(b.data.firmName).toBe('中铝材料应用研究院')
    // With fillings, who fills and the 行业领域 requirement are frozen; the rest may still change.
    const current = (await call('GET', `${EVAL}/survey/detail?id=${all.surveyId}`, admin)).data
    const edit = (over: object) =>
      call('POST', `${EVAL}/survey/submit`, admin, {
        id: all.surveyId,
        name: current.name,
        code: current.code,
        startDate: current.startDate,
        endDate: current.endDate,
        isIndustry: current.isIndustry,
        targetType: 0,
        ...over,
      })
    expect((await edit({ isIndustry: 0 })).msg).toBe(SurveyMsg.SETTINGS_FROZEN)
    expect((await edit({ targetType: 1, targetIds: String(firmB) })).msg).toBe(SurveyMsg.SETTINGS_FROZEN)
    expect((await edit({ name: '测试问卷 (更正)', description: '截止日期顺延' })).code).toBe(200)
    // Closed: no more filling.
    expect((await call('POST', `${EVAL}/survey/close?id=${all.surveyId}`, admin)).code).toBe(200)
    expect((await answer(all.surveyId, memberA, 0, [])).msg).toBe(SurveyMsg.NOT_OPEN)
    // Fillings exist: the survey cannot be removed.
    expect((await call('POST', `${EVAL}/survey/remove?ids=${all.surveyId}`, admin)).msg).toBe(
      SurveyMsg.HAS_FILLINGS,
    )
  })

  it('only member accounts fill: one filling per unit, or per account without a unit', async () => {
    const { surveyId, q } = await publishedSurvey()
    // Staff (even the administrator, who holds every permission) start and fill nothing.
    for (const url of [`${EVAL}/survey/surveyExampleList`, `${EVAL}/survey/openList`]) {
      const refused = await call('GET', url, admin)
      expect(refused.status).toBe(403)
      expect(refused.msg).toBe(SurveyMsg.MEMBER_ONLY)
    }
    const staff = await call('POST', `${EVAL}/example/submit`, admin, { surveyId })
    expect([staff.status, staff.msg]).toEqual([403, SurveyMsg.MEMBER_ONLY])
    expect((await answer(surveyId, admin, 0, [])).status).toBe(403)
    expect((await call('GET', `${COMPANY}/companyInfo?surveyId=${surveyId}`, admin)).status).toBe(403)
    expect(await t.app.prisma.surveyExample.count({ where: { surveyId: BigInt(surveyId) } })).toBe(0)

    // Two accounts of firm A (one in a dept under it) work on one filling.
    const first = await call('POST', `${EVAL}/example/submit`, memberA2, { surveyId })
    expect(first.data).toMatchObject({ status: 2, firmName: '江西铜业技术研究院' })
    const second = await call('POST', `${EVAL}/example/submit`, memberA, { surveyId })
    expect(second.data.id).toBe(first.data.id)
    const q1 = q[0]!
    expect(
      (await answer(surveyId, memberA2, 0, [{ questionId: q1.id, optionId: q1.options[1]!.id }], 1)).code,
    ).toBe(200)
    const seen = await call('GET', `${EVAL}/question/pageQuestionList?surveyId=${surveyId}&page=1`, memberA)
    expect(seen.data.records[0].answerList[0].optionId).toBe(q1.options[1]!.id)
    const cards = await call('GET', `${EVAL}/survey/surveyExampleList`, memberA)
    expect(cards.data.records.filter((c: { surveyId: string }) => c.surveyId === surveyId)).toHaveLength(1)
    expect(await t.app.prisma.surveyExample.count({ where: { surveyId: BigInt(surveyId) } })).toBe(1)

    // A member account bound to no unit fills for itself: its own filling, not another such account's.
    const role = (
      await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'member', tenantId: '000000' } })
    ).id
    await createUser(t.app, { account: 'loner2', roleIds: [role] })
    const loner2 = await loginAs(t.app, 'loner2')
    const own = await call('POST', `${EVAL}/example/submit`, loner, { surveyId })
    expect(own.data).toMatchObject({ status: 2, firmName: null })
    expect((await call('GET', `${COMPANY}/companyInfo?surveyId=${surveyId}`, loner)).data).toMatchObject({
      id: null,
      name: '',
    })
    const other = await call('POST', `${EVAL}/example/submit`, loner2, { surveyId })
    expect(other.data.id).not.toBe(own.data.id)
    expect(
      (await answer(surveyId, loner, 0, [{ questionId: q1.id, optionId: q1.options[0]!.id }], 1)).code,
    ).toBe(200)
    const theirs = await call('GET', `${EVAL}/question/pageQuestionList?surveyId=${surveyId}&page=1`, loner2)
    expect(theirs.data.records[0].answerList).toEqual([])
    expect(await t.app.prisma.surveyExample.count({ where: { surveyId: BigInt(surveyId) } })).toBe(3)
    const centre = (await call('GET', `${EVAL}/member/overview`, loner)).data
    expect(centre).toMatchObject({ isMember: true, firmId: null, drafts: 1 })
    expect(centre.fillings.map((f: { id: string }) => f.id)).toEqual([own.data.id])
    // A survey for chosen units is not open to an account without a unit; achievement reports are per unit.
    const chosen = await publishedSurvey({ targetType: 1, targetIds: String(firmB) })
    expect((await call('POST', `${EVAL}/example/submit`, loner, { surveyId: chosen.surveyId })).msg).toBe(
      SurveyMsg.NOT_TARGET,
    )
    const report = await call('POST', `${EVAL}/evaluation/submit`, loner, { name: '高纯铟' })
    expect([report.status, report.msg]).toEqual([403, SurveyMsg.NO_UNIT])
  })

  it('the seeded member account fills for its own unit, apart from the staff', async () => {
    const member = auth((await login(t.app, 'member')).access_token)
    const seeded = (await call('GET', `${EVAL}/survey/list?code=${SEEDED_CODE}`, admin)).data.records[0]
    const started = await call('POST', `${EVAL}/example/submit`, member, { surveyId: seeded.id })
    expect(started.data.firmName).toBe('金源有色')
    const centre = await call('GET', `${EVAL}/member/overview`, member)
    expect(centre.data).toMatchObject({ isMember: true, firmName: '金源有色金属股份有限公司' })
    const staffCentre = await call('GET', `${EVAL}/member/overview`, admin)
    expect(staffCentre.data).toMatchObject({ isMember: false, firmId: null, firmName: null, fillings: [] })
  })

  it('a survey of another tenant is invisible', async () => {
    const { surveyId } = await publishedSurvey()
    await createTenant(t.app, '300013')
    const role = await createRole(t.app, {
      tenantId: '300013',
      alias: 'member',
      menuCodes: ['survey_question'],
    })
    const otherFirm = nextId()
    await t.app.prisma.dept.create({
      data: {
        id: otherFirm,
        tenantId: '300013',
        parentId: 0n,
        ancestors: '0',
        deptName: '他租户单位',
        deptCategory: 1,
      },
    })
    await createUser(t.app, { account: 'other', tenantId: '300013', roleIds: [role], deptIds: [otherFirm] })
    const other = await loginAs(t.app, 'other', '300013')
    expect((await call('POST', `${EVAL}/example/submit`, other, { surveyId })).msg).toBe(SurveyMsg.NOT_FOUND)
    expect((await call('GET', `${EVAL}/survey/detail?id=${surveyId}`, other)).msg).toBe(SurveyMsg.NOT_FOUND)
    expect((await call('GET', `${EVAL}/survey/list`, other)).data.total).toBe(0)
  })
})

describe('company info', () => {
  it('round trip with province and industry fields; the two spec messages', async () => {
    const { surveyId } = await publishedSurvey()
    await call('POST', `${EVAL}/example/submit`, memberB, { surveyId })
    const before = await call('GET', `${COMPANY}/companyInfo?surveyId=${surveyId}`, memberB)
    expect(before.data).toMatchObject({ id: null, name: '中铝材料应用研究院', isIndustry: 1 })
    const industries = (await call('GET', `${EVAL}/industryField/listAll`, memberB)).data as {
      id: string
      name: string
    }[]
    expect(industries.length).toBeGreaterThanOrEqual(10)
    // The spec's spelling of the path (`industry field/listAll`, sent as industry%20field) is the same list.
    expect((await call('GET', `${EVAL}/industry%20field/listAll`, memberB)).data).toEqual(industries)
    const body = {
      surveyId,
      name: '中铝材料应用研究院',
      provinceCode: '110000',
      provinceName: '伪造',
      address: '北京市昌平区',
      contact: '王工',
      phone: '010-12345678',
      email: '102209',
      industryField: [industries[0]!.id, industries[7]!.id],
    }
    expect((await call('POST', `${COMPANY}/submit`, memberB, { ...body, name: ' ' })).msg).toBe(
      '请输入单位名称',
    )
    expect((await call('POST', `${COMPANY}/submit`, memberB, { ...body, industryField: '' })).msg).toBe(
      '请选择行业领域',
    )
    // Ids are checked with the shared id rule: one above int64 is refused, never a 500.
    for (const industryField of [
      '9999999999999999999',
      `${industries[0]!.id},abc`,
      [industries[0]!.id, -1],
    ]) {
      const refused = await call('POST', `${COMPANY}/submit`, memberB, { ...body, industryField })
      expect([refused.status, refused.msg]).toEqual([400, '请求参数类型错误: industryField'])
    }
    expect((await call('POST', `${COMPANY}/submit`, memberB, { ...body, industryField: '1' })).msg).toBe(
      SurveyMsg.INDUSTRY_UNKNOWN,
    )
    expect((await call('POST', `${COMPANY}/submit`, memberB, { ...body, provinceCode: '990000' })).msg).toBe(
      SurveyMsg.PROVINCE_UNKNOWN,
    )
    expect((await call('POST', `${COMPANY}/submit`, memberB, body)).code).toBe(200)
    // Saving the company page alone makes the filling a draft (暂存).
    expect((await call('GET', `${EVAL}/example/mine?surveyId=${surveyId}`, memberB)).data.status).toBe(1)
    const after = await call('GET', `${COMPANY}/companyInfo?surveyId=${surveyId}`, memberB)
    expect(after.data).toMatchObject({
      name: '中铝材料应用研究院',
      provinceCode: '110000',
      provinceName: '北京市',
      email: '102209',
      industryField: `${industries[0]!.id},${industries[7]!.id}`,
    })
    expect(after.data.id).toBeTruthy()
    // Once saved, a save writes only the fields it carries (decision 030): '' clears an optional one,
    // and the required name cannot be emptied.
    expect((await call('POST', `${COMPANY}/submit`, memberB, { surveyId, contact: '李工' })).code).toBe(200)
    expect((await call('POST', `${COMPANY}/submit`, memberB, { surveyId, name: '' })).msg).toBe(
      '请输入单位名称',
    )
    expect((await call('POST', `${COMPANY}/submit`, memberB, { surveyId, phone: '' })).code).toBe(200)
    const patched = (await call('GET', `${COMPANY}/companyInfo?surveyId=${surveyId}`, memberB)).data
    expect(patched).toMatchObject({
      name: '中铝材料应用研究院',
      contact: '李工',
      address: '北京市昌平区',
      provinceCode: '110000',
      industryField: `${industries[0]!.id},${industries[7]!.id}`,
    })
    expect([null, '']).toContain(patched.phone)
    expect(
      (await call('POST', `${COMPANY}/submit`, memberB, { surveyId, contact: '王工', phone: body.phone }))
        .code,
    ).toBe(200)
    // Without the industry flag the field is neither needed nor kept.
    const plain = await publishedSurvey({ isIndustry: 0 })
    await call('POST', `${EVAL}/example/submit`, memberB, { surveyId: plain.surveyId })
    const prefilled = await call('GET', `${COMPANY}/companyInfo?surveyId=${plain.surveyId}`, memberB)
    expect(prefilled.data).toMatchObject({ id: null, contact: '王工', isIndustry: 0 })
    expect(
      (
        await call('POST', `${COMPANY}/submit`, memberB, {
          ...body,
          surveyId: plain.surveyId,
          industryField: '',
        })
      ).code,
    ).toBe(200)
    // The member centre shows the unit and its fillings.
    const centre = await call('GET', `${EVAL}/member/overview`, memberB)
    expect(centre.data).toMatchObject({
      firmName: '中铝材料应用研究院',
      company: { name: '中铝材料应用研究院' },
    })
    expect(centre.data.fillings.length).toBeGreaterThanOrEqual(2)

    // 单位信息 (staff): every unit's company form with its survey, unit, field names and status.
    const forms = await call(
      'GET',
      `${COMPANY}/list?name=${encodeURIComponent('中铝材料')}&surveyId=${surveyId}`,
      admin,
    )
    expect(forms.data.total).toBe(1)
    expect(forms.data.records[0]).toMatchObject({
      name: '中铝材料应用研究院',
      firmName: '中铝材料应用研究院',
      surveyName: '测试问卷',
      provinceName: '北京市',
      status: 1,
      industryFieldNames: `${industries[0]!.name}、${industries[7]!.name}`,
    })
    const one = await call('GET', `${COMPANY}/detail?id=${forms.data.records[0].id}`, admin)
    expect(one.data.contact).toBe('王工')
    expect(
      (await call('GET', `${COMPANY}/list?provinceName=${encodeURIComponent('北京')}`, admin)).data.total,
    ).toBe(2)
    expect((await call('GET', `${COMPANY}/list`, memberB)).status).toBe(403)
  })
})

describe('results', () => {
  it('summary counts and percentages over submitted fillings; export has one row per filling', async () => {
    const { surveyId, q } = await publishedSurvey()
    const [q1, q2, q3, q4] = q as [
      { id: string; options: { id: string }[] },
      { id: string; options: { id: string }[] },
      { id: string },
      { id: string },
    ]
    const fill = async (h: THeaders, single: number, multi: number[], text: string, submit: boolean) => {
      await call('POST', `${EVAL}/example/submit`, h, { surveyId })
      const list = [
        {
          questionId: q1.id,
          optionId: q1.options[single]!.id,
          ...(single === 2 ? { inputText: '混改' } : {}),
        },
        ...multi.map((m) => ({
          questionId: q2.id,
          optionId: q2.options[m]!.id,
          ...(m === 2 ? { inputText: '锡' } : {}),
        })),
        { questionId: q3.id, inputText: text },
        { questionId: q4.id, inputText: `${text}成果` },
      ]
      await saveCompany(surveyId, h)
      const res = await answer(surveyId, h, submit ? 1 : 0, list)
      expect(res.code, res.msg).toBe(200)
    }
    await fill(memberA, 0, [0, 1], '100', true)
    await fill(memberB, 0, [0], '80', true)
    await fill(memberC, 2, [2], '5', true)
    // A draft (not counted); its text carries control characters, which the export leaves out.
    await fill(memberD, 1, [1], '9\u0007台\u001f', false)

    const summary = (await call('GET', `${EVAL}/survey/summary?id=${surveyId}`, admin)).data
    expect(summary).toMatchObject({ examples: 4, submitted: 3 })
    const [s1, s2, s3] = summary.questions
    expect(s1.options.map((o: { count: number; percent: number }) => [o.count, o.percent])).toEqual([
      [2, 66.7],
      [0, 0],
      [1, 33.3],
    ])
    expect(s1.texts.map((x: { inputText: string }) => x.inputText)).toEqual(['混改'])
    expect(s2.options.map((o: { count: number }) => o.count)).toEqual([2, 1, 1])
    expect(s2.answered).toBe(3)
    expect(s3.texts.map((x: { inputText: string }) => x.inputText).sort()).toEqual(['100', '5', '80'])

    const staff = await call('GET', `${EVAL}/example/list?surveyId=${surveyId}&status=3`, admin)
    expect(staff.data.total).toBe(3)
    const detail = await call('GET', `${EVAL}/example/detail?id=${staff.data.records[0].id}`, admin)
    expect(detail.data.questions).toHaveLength(4)

    const res = await t.app.inject({
      method: 'GET',
      url: `${EVAL}/survey/export?id=${surveyId}`,
      headers: admin,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const x = await readExport(res.rawPayload)
    expect(x.sheet.name).toBe('填报结果')
    expect(x.title).toContain('填报结果')
    expect(x.notes[0]).toContain('状态：全部；共 4 份（已提交 3 份，暂存 1 份')
    expect(String(res.headers['x-export-rows'])).toBe('4')
    expect(x.rows).toHaveLength(4)
    expect(x.header).toContain('1. 单位性质 (单选题)')
    // The filler's unit is the company form's name; drafts and submitted fillings are told apart.
    expect(x.header.slice(0, 4)).toEqual(['填报单位', '填报人', '状态', '提交时间'])
    expect(x.rows.map((r) => r[0])).toEqual(['测试单位', '测试单位', '测试单位', '测试单位'])
    expect(x.rows.map((r) => r[2]).sort()).toEqual(['已提交', '已提交', '已提交', '暂存'])
    expect(shapeOf(x, ['提交时间']).columns).toEqual({
      提交时间: { types: ['date'], formats: ['yyyy-mm-dd hh:mm'] },
    })
    const rows = x.rows.map((r) => r.join('|'))
    expect(rows.some((r) => r.includes('其他: 混改'))).toBe(true)
    expect(rows.some((r) => r.includes('铜；铝'))).toBe(true)
    expect(rows.some((r) => r.includes('9台|9台成果'))).toBe(true)
    // Only the submitted fillings, on request.
    const submitted = await readExport(
      (
        await t.app.inject({
          method: 'GET',
          url: `${EVAL}/survey/export?id=${surveyId}&status=3`,
          headers: admin,
        })
      ).rawPayload,
    )
    expect(submitted.rows.map((r) => r[2])).toEqual(['已提交', '已提交', '已提交'])
    expect(submitted.notes[0]).toContain('状态：已提交；共 3 份')
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${EVAL}/survey/export?id=${surveyId}&status=9`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(400)

    // A member has no access to results.
    expect((await call('GET', `${EVAL}/survey/summary?id=${surveyId}`, memberA)).status).toBe(403)
  })
})

describe('成果申报 (/evaluation)', () => {
  it('a member reports an achievement: a draft application prefilled with its unit, listed for the unit', async () => {
    const REPORT = `${EVAL}/evaluation`
    const role = (
      await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'member', tenantId: '000000' } })
    ).id
    const unit = await firm('株洲冶炼研究院')
    await createUser(t.app, { account: 'membere', roleIds: [role], deptIds: [unit] })
    await createUser(t.app, { account: 'membere2', roleIds: [role], deptIds: [unit] })
    const memberE = await loginAs(t.app, 'membere')
    const memberE2 = await loginAs(t.app, 'membere2')

    // Before any company form the unit is the company dept.
    expect((await call('GET', `${REPORT}/unit`, memberE)).data).toMatchObject({
      firmId: String(unit),
      unitName: '株洲冶炼研究院',
      postcode: null,
    })
    // The unit's company form (from a questionnaire) is what the report is prefilled with.
    const { surveyId } = await publishedSurvey({ isIndustry: 0 })
    await call('POST', `${EVAL}/example/submit`, memberE, { surveyId })
    const form = {
      surveyId,
      name: '株洲冶炼集团技术研究院',
      provinceCode: '430000',
      address: '株洲市石峰区清水塘',
      contact: '刘工',
      phone: '0731-28392222',
      email: '412005',
    }
    expect((await call('POST', `${COMPANY}/submit`, memberE, form)).code).toBe(200)
    expect((await call('GET', `${REPORT}/unit`, memberE)).data).toMatchObject({
      unitName: '株洲冶炼集团技术研究院',
      address: '湖南省株洲市石峰区清水塘',
      postcode: '412005',
      contact: '刘工',
      phone: '0731-28392222',
    })
    // An address typed with its province again is not given the province twice (issue 24).
    const typedWithProvince = { ...form, address: '湖南省株洲市石峰区清水塘' }
    expect((await call('POST', `${COMPANY}/submit`, memberE, typedWithProvince)).code).toBe(200)
    expect((await call('GET', `${REPORT}/unit`, memberE)).data.address).toBe('湖南省株洲市石峰区清水塘')

    expect((await call('POST', `${REPORT}/submit`, memberE, { name: ' ' })).msg).toBe('请输入成果名称')
    const staff = await call('POST', `${REPORT}/submit`, admin, { name: '高纯铟' })
    expect([staff.status, staff.msg]).toEqual([403, SurveyMsg.MEMBER_ONLY])

    const created = await call('POST', `${REPORT}/submit`, memberE, {
      name: '高纯铜箔制备技术',
      outcomeType: 3,
    })
    expect(created.code, created.msg).toBe(200)
    expect(created.data).toMatchObject({
      name: '高纯铜箔制备技术',
      outcomeType: 3,
      status: 0,
      statusName: '草稿',
      canEdit: true,
      firstParty: '株洲冶炼集团技术研究院',
      principal: {
        unitName: '株洲冶炼集团技术研究院',
        address: '湖南省株洲市石峰区清水塘',
        postcode: '412005',
        name: '刘工',
        phone: '0731-28392222',
      },
    })
    expect(created.data.unitEntityList).toHaveLength(1)
    expect(created.data.unitEntityList[0]).toMatchObject({
      unitName: '株洲冶炼集团技术研究院',
      postcode: '412005',
      address: '湖南省株洲市石峰区清水塘',
      name: '刘工',
      phone: '0731-28392222',
    })
    const id = created.data.id as string

    // It is an application of the appraisal module: the applicant and the centre's staff see it there.
    const mine = await call('GET', '/api/ysjs-appraise/results/list', memberE)
    expect(mine.data.records.map((r: { id: string }) => r.id)).toContain(id)
    const centre = await call('GET', `/api/ysjs-appraise/results/detail?id=${id}`, admin)
    expect(centre.data).toMatchObject({ status: 0, name: '高纯铜箔制备技术' })

    // The unit's list: the reporter may continue it, a colleague sees its status.
    const listed = await call('GET', `${REPORT}/list`, memberE)
    expect(listed.data.records.find((r: { id: string }) => r.id === id)).toMatchObject({
      status: 0,
      statusName: '草稿',
      mine: true,
      canEdit: true,
    })
    const colleague = await call('GET', `${REPORT}/list`, memberE2)
    expect(colleague.data.records.find((r: { id: string }) => r.id === id)).toMatchObject({
      mine: false,
      canEdit: false,
    })
    // Another unit sees none of it.
    const other = await call('GET', `${REPORT}/list`, memberA)
    expect(other.data.records.map((r: { id: string }) => r.id)).not.toContain(id)

    // Status and history after the centre returns it (submitted by the appraisal editor's own call).
    await t.app.prisma.results.update({ where: { id: BigInt(id) }, data: { status: 1 } })
    const audit = await call('POST', '/api/ysjs-appraise/results/audit', admin, {
      id,
      pass: false,
      opinion: '请补充技术指标',
    })
    expect(audit.code, audit.msg).toBe(200)
    const detail = await call('GET', `${REPORT}/detail?id=${id}`, memberE)
    expect(detail.data.record).toMatchObject({ status: 9, statusName: '已退回', canEdit: true })
    expect(
      detail.data.history.map((h: { content: string; toStatus: number }) => [h.content, h.toStatus]),
    ).toEqual([
      ['创建', 0],
      ['请补充技术指标', 9],
    ])
    expect((await call('GET', `${REPORT}/list?status=9`, memberE)).data.total).toBe(1)

    // The member centre lists the unit's applications with their status, for every account of the unit.
    for (const h of [memberE, memberE2]) {
      const overview = (await call('GET', `${EVAL}/member/overview`, h)).data
      expect(overview).toMatchObject({ isMember: true, firmName: '株洲冶炼研究院', applicationTotal: 1 })
      expect(overview.applications).toHaveLength(1)
      expect(overview.applications[0]).toMatchObject({
        id,
        name: '高纯铜箔制备技术',
        status: 9,
        statusName: '已退回',
        mine: h === memberE,
      })
      expect(overview.company).toMatchObject({ name: '株洲冶炼集团技术研究院', provinceName: '湖南省' })
      expect(overview.fillings.map((f: { surveyId: string }) => f.surveyId)).toContain(surveyId)
    }
    expect((await call('GET', `${EVAL}/member/overview`, memberA)).data.applications).toEqual([])

    // Its messages are the centre's notices from their release time, each opened in full.
    const post = async (title: string, releaseTime: string) => {
      const res = await call('POST', '/api/ysjs-desk/notice/submit', admin, {
        title,
        category: 1,
        releaseTime,
        content: '<p>请各会员单位于6月底前完成申报。</p>',
      })
      expect(res.code, res.msg).toBe(200)
    }
    await post('关于开展2026年度成果评价申报的通知', formatDateTime(new Date(Date.now() - 60_000)))
    await post('2099年度会员大会预告', '2099-01-01 09:00:00')
    const notices = (await call('GET', `${EVAL}/member/overview`, memberE)).data.notices
    expect(notices[0]).toMatchObject({ title: '关于开展2026年度成果评价申报的通知' })
    expect(notices.map((n: { title: string }) => n.title)).not.toContain('2099年度会员大会预告')
    const opened = await call('GET', `${EVAL}/member/notice?id=${notices[0].id}`, memberE)
    expect(opened.data).toMatchObject({
      title: '关于开展2026年度成果评价申报的通知',
      content: '<p>请各会员单位于6月底前完成申报。</p>',
    })
    const unreleased = await t.app.prisma.notice.findFirstOrThrow({
      where: { title: '2099年度会员大会预告' },
    })
    expect((await call('GET', `${EVAL}/member/notice?id=${unreleased.id}`, memberE)).msg).toBe(
      SurveyMsg.NOTICE_MISSING,
    )
    expect((await call('GET', `${EVAL}/member/notice?id=1`, memberE)).msg).toBe(SurveyMsg.NOTICE_MISSING)
  })
})
