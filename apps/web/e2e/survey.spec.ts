import fs from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { loginViaApi, md5, rowAction, toast, unique } from './support'

const SHOTS = '/tmp/survey-shots'
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`
const EVAL = '/api/ysjs-evaluation'
// The seed names the sample survey after the year it is seeded in (the browser tests' database is
// cloned from a template seeded the same day).
const SURVEY_NAME = `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 4)}年有色金属行业科技创新与成果转化调查`

type TQuestion = { id: string; page: number; type: number; options: { id: string; isInput: number }[] }

const api = (page: Page, token: string) => {
  const headers = { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` }
  return {
    get: async (url: string) => (await (await page.request.get(url, { headers })).json()).data,
    post: async (url: string, data: object) => (await page.request.post(url, { headers, data })).json(),
  }
}

type TNode = { id: string; roleAlias?: string; deptName?: string; children?: TNode[] }
const flat = (nodes: TNode[]): TNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])

/** A member unit (a dept of category 公司) with one user of the seeded 会员单位 role. */
const createMember = async (page: Page) => {
  const admin = await loginViaApi(page)
  const a = api(page, admin.access_token)
  const unit = unique('赣州钨业研究院')
  expect(
    (
      await a.post('/api/ysjs-system/dept/submit', {
        parentId: '0',
        deptName: unit,
        fullName: unit,
        deptCategory: 1,
        sort: 9,
      })
    ).code,
  ).toBe(200)
  const dept = flat(await a.get(`/api/ysjs-system/dept/list?deptName=${encodeURIComponent(unit)}`)).find(
    (d) => d.deptName === unit,
  )
  const role = flat(await a.get('/api/ysjs-system/role/list')).find((r) => r.roleAlias === 'member')
  const account = unique('m')
  const created = await a.post('/api/ysjs-system/user/submit', {
    account,
    password: 'Member#2026',
    name: '会员联系人',
    realName: '张工',
    roleId: role?.id,
    deptId: dept?.id,
  })
  expect(created.code, created.msg).toBe(200)
  return { account, unit }
}

/** 操作成功! shown, then gone: notistack drops a duplicate toast while the same one is still up. */
const saved = async (page: Page) => {
  await expect(toast(page, '操作成功!')).toBeVisible()
  await expect(toast(page, '操作成功!')).toHaveCount(0)
}

const question = (page: Page, text: string) => page.getByTestId('question').filter({ hasText: text })

test.describe('questionnaire: member filling, staff results', () => {
  test('a member fills the company page and two question pages, saves, comes back, submits; staff return it', async ({
    page,
  }) => {
    test.setTimeout(300_000)
    fs.mkdirSync(SHOTS, { recursive: true })
    const { account, unit } = await createMember(page)
    const member = await loginViaApi(page, account, md5('Member#2026'))
    await page.goto('/survey/questionnaire')
    // The first visit loads the screen's code on a cold server.
    await expect(page.getByRole('button', { name: '新增填报信息' })).toBeVisible({ timeout: 30_000 })

    // 新增填报信息: the seeded survey is open to every member unit.
    await page.getByRole('button', { name: '新增填报信息' }).click()
    await page.getByRole('dialog').getByText(SURVEY_NAME).click()
    await expect(page.getByRole('heading', { name: /单位信息/ })).toBeVisible()
    await expect(page.getByLabel('单位名称')).toHaveValue(unit)
    // A required field's message shows once it is left empty (spec section 5).
    await page.getByLabel('单位名称').fill('')
    await page.getByLabel('通讯地址').focus()
    await expect(page.getByText('请输入单位名称')).toBeVisible()
    await page.getByLabel('单位名称').fill(unit)
    await expect(page.getByText('请输入单位名称')).toHaveCount(0)

    // Page 1: the company form. 行业领域 is required (the survey's industry flag is on).
    await page.getByRole('combobox', { name: '省份' }).click()
    await page.getByRole('option', { name: '江西省' }).click()
    await page.getByLabel('通讯地址').fill('赣州市章贡区')
    await page.getByLabel('联系人').fill('张工')
    await page.getByLabel('电话').fill('0797-8123456')
    await page.getByLabel('邮编').fill('341000')
    // An empty 暂存 marks every failed field under it, toasts the first and focuses it; fixing one clears
    // its own message only.
    const message = (text: string) => page.locator('.MuiFormHelperText-root', { hasText: text })
    await page.getByLabel('单位名称').fill('')
    await page.getByRole('button', { name: '暂存' }).click()
    await expect(toast(page, '请输入单位名称')).toBeVisible()
    await expect(message('请输入单位名称')).toBeVisible()
    await expect(message('请选择行业领域')).toBeVisible()
    await expect(page.getByLabel('单位名称')).toBeFocused()
    await page.getByLabel('单位名称').fill(unit)
    await expect(message('请输入单位名称')).toHaveCount(0)
    await expect(message('请选择行业领域')).toBeVisible()
    await page.getByRole('button', { name: '暂存' }).click()
    await expect(toast(page, '请选择行业领域')).toBeVisible()
    await expect(page.getByRole('combobox', { name: '行业领域' })).toBeFocused()
    await page.getByRole('combobox', { name: '行业领域' }).click()
    await page.getByRole('option', { name: '钨钼锡锑' }).click()
    await page.getByRole('option', { name: '稀土及稀有金属' }).click()
    await page.keyboard.press('Escape')
    await expect(message('请选择行业领域')).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}/company-form.png` })
    await page.getByRole('button', { name: '暂存' }).click()
    await saved(page)

    // Question page 1: single choice with 其他, single choice, fill-in.
    await expect(page.getByRole('heading', { name: /第 1 \/ \d+ 页/ })).toBeVisible()
    await question(page, '贵单位的性质').getByRole('radio', { name: '其他' }).check()
    await question(page, '贵单位的性质').getByRole('textbox').fill('混合所有制企业')
    await question(page, '贵单位职工人数').getByRole('radio', { name: '500-1999人' }).check()
    await page.getByLabel('3. 贵单位主要产品或业务 (请简要填写)').fill('APT、钨粉、硬质合金')
    await page.screenshot({ path: `${SHOTS}/question-page.png` })
    await page.getByRole('button', { name: '暂存' }).click()
    await saved(page)

    // Question page 2: single choice and multiple choice.
    await expect(page.getByRole('heading', { name: /第 2 \/ \d+ 页/ })).toBeVisible()
    await question(page, '上一年度营业收入').getByRole('radio', { name: '10-100亿元' }).check()
    await question(page, '主营的有色金属品种').getByRole('checkbox', { name: '钨钼' }).check()
    await question(page, '主营的有色金属品种').getByRole('checkbox', { name: '稀土' }).check()
    await page.getByRole('button', { name: '暂存' }).click()
    await saved(page)

    // Back to the cards: the filling is a draft (暂存); reopening it shows the saved answers.
    await page.getByRole('button', { name: '返回' }).click()
    const card = page.getByTestId('survey-card').filter({ hasText: SURVEY_NAME })
    await expect(card).toContainText('暂存')
    await page.screenshot({ path: `${SHOTS}/cards.png` })
    await card.click()
    await page.getByRole('button', { name: '下一页' }).click()
    await expect(question(page, '贵单位的性质').getByRole('radio', { name: '其他' })).toBeChecked()
    await expect(question(page, '贵单位的性质').getByRole('textbox')).toHaveValue('混合所有制企业')

    // Submitting checks every question in order: question 6 is the first unanswered one.
    await page.getByRole('button', { name: '提交问卷' }).click()
    await expect(toast(page, '请回答第 6 题: 上一年度研发经费占营业收入的比例')).toBeVisible()
    await expect(page.getByRole('heading', { name: /第 3 \/ \d+ 页/ })).toBeVisible()
    // The message stays under the question until it is answered.
    const sixth = question(page, '上一年度研发经费占营业收入的比例')
    await expect(sixth.locator('.MuiFormHelperText-root')).toHaveText(
      '请回答第 6 题: 上一年度研发经费占营业收入的比例',
    )
    await sixth.getByRole('radio').or(sixth.getByRole('checkbox')).first().check()
    await expect(sixth.locator('.MuiFormHelperText-root')).toHaveCount(0)

    // The remaining pages are answered through the API as drafts (one call per page), then submitted here.
    const m = api(page, member.access_token)
    const all = (
      (await m.get(
        `${EVAL}/question/pageQuestionList?surveyId=${await surveyId(page, member.access_token)}`,
      )) as {
        records: TQuestion[]
      }
    ).records
    const sid = await surveyId(page, member.access_token)
    for (let p = 3; p <= 16; p++) {
      const answerList = all
        .filter((q) => q.page === p)
        .map((q) =>
          q.type < 2
            ? {
                questionId: q.id,
                optionId: q.options[0]!.id,
                inputText: q.options[0]!.isInput ? '其他' : undefined,
              }
            : { questionId: q.id, inputText: '见附件说明' },
        )
      expect(
        (await m.post(`${EVAL}/answer/submit`, { surveyId: sid, submitType: 0, page: p, answerList })).code,
      ).toBe(200)
    }
    await page.reload()
    await page.getByRole('button', { name: '下一页' }).click()
    // Beyond the last page (17) the screen warns.
    for (let i = 2; i < 17; i++) {
      await page.getByRole('button', { name: '下一页' }).click()
    }
    await expect(page.getByRole('heading', { name: /第 16 \/ \d+ 页/ })).toBeVisible()
    await page.getByRole('button', { name: '下一页' }).click()
    await expect(toast(page, '已经是最后一页')).toBeVisible()
    await page.getByRole('button', { name: '提交问卷' }).click()
    await saved(page)
    await expect(page.getByTestId('survey-card').filter({ hasText: SURVEY_NAME })).toContainText('已提交')

    // Staff: the summary chart and the return.
    await loginViaApi(page)
    await page.goto(`/survey/example?surveyId=${sid}&tab=summary`)
    const summary = page.getByTestId('survey-summary')
    await expect(summary).toContainText('已提交 1 份', { timeout: 30_000 })
    // The chart draws one bar per chosen option: 钨钼 and 稀土 of the multiple-choice question.
    const chart = summary.locator('.MuiPaper-root', { hasText: '贵单位主营的有色金属品种' })
    await expect
      .poll(
        async () =>
          (
            await chart
              .locator('.MuiBarChart-element')
              .evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().width))
          ).filter((w) => w > 1).length,
      )
      .toBe(2)
    await expect(summary).toContainText('钨钼: 1 (100%)')
    await page.screenshot({ path: `${SHOTS}/summary.png`, fullPage: false })
    await page.getByRole('tab', { name: '填报列表' }).click()
    const row = page.locator('.MuiDataGrid-row', { hasText: unit })
    await expect(row).toContainText('已提交')
    await expect(page.getByText('每页行数')).toBeVisible()
    // 查看: the filling as the member filled it, read-only.
    await rowAction(row, '查看')
    const filling = page.getByTestId('survey-filling')
    await expect(filling).toContainText('江西省 赣州市章贡区')
    await expect(filling).toContainText('钨钼锡锑')
    await expect(question(page, '贵单位的性质').getByRole('radio', { name: '其他' })).toBeChecked()
    await expect(question(page, '贵单位的性质').getByRole('textbox')).toHaveValue('混合所有制企业')
    await expect(question(page, '贵单位的性质').getByRole('radio', { name: '其他' })).toBeDisabled()
    await page.screenshot({ path: `${SHOTS}/filling.png` })
    await page.getByRole('dialog').getByRole('button', { name: '返回' }).click()
    await rowAction(row, '退回')
    await page.getByRole('dialog').getByLabel('退回原因').fill('请补充研发经费的统计口径')
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
    await saved(page)
    await expect(row).toContainText('待填报')
    await page.screenshot({ path: `${SHOTS}/fillings.png` })

    // The member sees the reason on the card and in the filling, which is editable again.
    await loginViaApi(page, account, md5('Member#2026'))
    await page.goto('/survey/questionnaire')
    await expect(page.getByRole('button', { name: '新增填报信息' })).toBeVisible({ timeout: 30_000 })
    const back = page.getByTestId('survey-card').filter({ hasText: SURVEY_NAME })
    await expect(back).toContainText('退回原因: 请补充研发经费的统计口径')
    await back.click()
    await expect(page.getByTestId('back-reason')).toContainText('请补充研发经费的统计口径')
    await expect(page.getByRole('button', { name: '暂存' })).toBeVisible()

    // 成果申报: a draft appraisal application prefilled with the unit, then its status and history.
    await page.goto('/evaluation')
    await expect(page.getByTestId('evaluation-unit')).toContainText(unit, { timeout: 30_000 })
    await expect(page.getByTestId('evaluation-unit')).toContainText('江西省赣州市章贡区 · 341000 · 张工')
    await page.getByLabel('成果名称').fill('APT 清洁生产新工艺')
    await page.getByRole('button', { name: '暂存' }).click()
    await saved(page)
    await expect(page).toHaveURL(/\/evaluation\?id=\d+/)
    const report = page.getByTestId('evaluation-detail')
    await expect(report.getByTestId('results-status')).toHaveText('草稿')
    await expect(report).toContainText(`第一完成单位: ${unit}`)
    await expect(report).toContainText(`委托方: ${unit}`)
    await expect(report.getByTestId('evaluation-history')).toHaveCount(1)
    await expect(report.getByTestId('evaluation-history')).toContainText('创建')
    const reportRow = page.getByTestId('evaluation-row').filter({ hasText: 'APT 清洁生产新工艺' })
    await expect(reportRow.getByTestId('results-status')).toHaveText('草稿')
    await expect(reportRow).toContainText('张工')
    await page.screenshot({ path: `${SHOTS}/evaluation.png` })
    // It continues in the appraisal editor, on the same application.
    await report.getByRole('button', { name: '继续填写并提交' }).click()
    const editor = page.getByRole('dialog')
    await expect(editor.getByRole('heading')).toContainText('APT 清洁生产新工艺')
    await editor.getByRole('tab', { name: '完成单位' }).click()
    await expect(editor.locator(`input[value="${unit}"]`).first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(editor).toBeHidden()

    // The member centre: the unit, its questionnaires (the returned one to fill), its application with
    // its status, each linking to the screen that acts on it.
    await page.goto('/topMember')
    await expect(page.getByTestId('member-unit')).toContainText(unit, { timeout: 30_000 })
    await expect(page.getByTestId('member-unit')).toContainText('联系人: 张工 0797-8123456')
    const surveys = page.getByTestId('member-surveys')
    await expect(surveys.getByRole('button', { name: /^1\s*待填报$/ })).toBeVisible()
    await expect(surveys).toContainText(`退回原因: 请补充研发经费的统计口径`)
    const applications = page.getByTestId('member-applications')
    await expect(applications).toContainText('APT 清洁生产新工艺')
    await expect(applications.getByTestId('results-status')).toHaveText('草稿')
    await page.screenshot({ path: `${SHOTS}/member-centre.png` })
    await applications.getByText('APT 清洁生产新工艺').click()
    await expect(page).toHaveURL(/\/evaluation\?id=\d+/)
    await expect(page.getByTestId('evaluation-detail')).toContainText('APT 清洁生产新工艺')
    // The unit's profile leads to the company form of the filling still open (the returned one).
    await page.goto('/topMember')
    await page.getByTestId('member-unit').getByRole('button', { name: '修改' }).click()
    await expect(page).toHaveURL(/\/survey\/questionnaire\?surveyId=/)
    await expect(page.getByLabel('单位名称')).toHaveValue(unit)
    await page.goto('/topMember')
    await surveys.getByText(SURVEY_NAME).click()
    await expect(page).toHaveURL(/\/survey\/questionnaire\?surveyId=/)
    await expect(page.getByTestId('back-reason')).toBeVisible()
  })
})

test('a visitor at /topMember sees 会员登录 and is led to the login', async ({ page }) => {
  await page.goto('/topMember')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: '会员中心' })).toBeVisible({ timeout: 30_000 })
  await expect(main).toContainText('会员单位登录后')
  // The top bar shows 会员登录 too, as it does whenever nobody is logged in.
  await expect(page.getByRole('button', { name: '会员登录' })).toHaveCount(2)
  await page.screenshot({ path: `${SHOTS}/member-login.png` })
  await main.getByRole('button', { name: '会员登录' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

const surveyId = async (page: Page, token: string): Promise<string> => {
  const open = (await api(page, token).get(`${EVAL}/survey/openList`)) as { id: string; name: string }[]
  return open.find((s) => s.name === SURVEY_NAME)!.id
}
