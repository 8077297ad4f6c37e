import { type Browser, expect, type Page, test } from '@playwright/test'
import { loginViaApi, md5, openMenu, rowAction, storedToken, unique } from './support'

/** The six stage screens of 成果评价 (issue 24, decision 029), told apart by their headings. */
const openAsUser = async (browser: Browser, account: string, path: string) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await loginViaApi(page, account, md5(account))
  await page.goto(path)
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 })
  return page
}

const application = (name: string) => ({
  name,
  firstParty: '江西铜业集团有限公司',
  signingLocation: '北京',
  signingDate: '2026-11-01',
  resultsSource: '<p>国家重点研发计划</p>',
  outcomeType: 3,
  synopsis: '<p>一种高效铜冶炼工艺</p>',
  appraiseType: '会议形式',
  meetingType: 2,
  meetingTime: '2026-12-01 09:30:00',
  meetingVenue: '北京',
  unitEntityList: [
    {
      unitName: '中南大学',
      postcode: '410083',
      address: '湖南省长沙市麓山南路932号',
      name: '张三丰',
      phone: '0731-88876543',
    },
  ],
  peopleEntityList: [
    {
      name: '李四光',
      sex: 1,
      birthTime: '1975-06',
      jobName: 1,
      educationalLevel: 1,
      workUnit: '中南大学',
      contribution: '工艺设计',
    },
  ],
  principal: {
    unitName: '江西铜业集团有限公司',
    dutyNumber: '91360000158260213X',
    legalPerson: '郑高清',
    address: '江西省南昌市高新区昌东大道7666号',
    agent: '王五',
    phone: '13912345678',
    name: '赵六',
    cardNumber: '中国工商银行南昌分行',
    postcode: '330096',
    accountNumber: '1502200000000000000',
    fax: '0791-82710000',
    personMail: 'zhaoliu@jxcc.com',
  },
})

/** The number a half's tab shows (待签协议 3 → 3). */
const countOf = async (page: Page, half: 'todo' | 'done') => {
  const tab = page.getByTestId(`stage-${half}`)
  await expect(tab).toHaveText(/\d+$/)
  return Number(((await tab.textContent()) ?? '').match(/(\d+)$/)![1])
}

test('each stage screen has its heading, its counts and its action first; accepting moves an application on', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const name = unique('阶段页成果')
  // A member applies and submits through the API (the application form is appraise.spec's).
  const member = await openAsUser(browser, 'member', '/')
  const headers = { 'Blade-Auth': `bearer ${await storedToken(member)}` }
  const saved = await (
    await member.request.post('/api/ysjs-appraise/results/saveResultsVO', {
      headers,
      data: application(name),
    })
  ).json()
  expect(saved.code).toBe(200)
  const submitted = await member.request.post('/api/ysjs-appraise/results/submit', {
    headers,
    data: { id: saved.data.id, status: 1 },
  })
  expect((await submitted.json()).code).toBe(200)
  await member.context().close()

  const page = await openAsUser(browser, 'appraiser', '/appraise/results')
  const stages: [string, string, string, string][] = [
    ['评价协议', '/appraise/agreement', '待签协议', '已签协议'],
    ['评价通知', '/appraise/notice', '待发通知', '已发通知'],
    ['评价报告', '/appraise/report', '待出报告', '已出报告'],
    ['评价会议', '/appraise/meeting', '待记录会议', '已记录会议'],
    ['专家推送', '/appraise/basic', '待推送专家', '已推送专家'],
    ['评价指标', '/appraise/index', '评分中', '已评分'],
  ]
  for (const [leaf, path, todo, done] of stages) {
    await openMenu(page, '成果评价', leaf)
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(leaf)
    await expect(page.getByTestId('stage-todo')).toContainText(todo)
    await expect(page.getByTestId('stage-done')).toContainText(done)
    await countOf(page, 'todo')
    await page.screenshot({ path: `/tmp/scra-stage-${path.split('/').pop()}.png` })
  }

  // 评价协议: the submitted application waits, 审核 is its first action; accepting it signs the agreement.
  await openMenu(page, '成果评价', '评价协议')
  const waiting = await countOf(page, 'todo')
  const signed = await countOf(page, 'done')
  const row = page.getByTestId(`stage-row-${name}`)
  await expect(row.getByRole('button').first()).toHaveText('审核')
  await rowAction(row, '审核')
  await page.getByRole('dialog').getByRole('button', { name: '通过' }).click()
  await expect(page.getByTestId(`stage-row-${name}`)).toHaveCount(0)
  expect(await countOf(page, 'todo')).toBe(waiting - 1)
  expect(await countOf(page, 'done')).toBe(signed + 1)
  await page.getByTestId('stage-done').click()
  await expect(page.getByTestId(`stage-row-${name}`).getByRole('button').first()).toHaveText('查看协议')

  // 评价通知: it now waits for its notice; 发送通知 opens the application on the notice's tab.
  await openMenu(page, '成果评价', '评价通知')
  const noticeRow = page.getByTestId(`stage-row-${name}`)
  await expect(noticeRow.getByRole('button').first()).toHaveText('发送通知')
  await rowAction(noticeRow, '发送通知')
  await expect(page.getByRole('dialog').getByRole('tab', { name: '评价通知', selected: true })).toBeVisible()
  await page.screenshot({ path: '/tmp/scra-stage-notice-open.png' })
})
