import fs from 'node:fs'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { loginViaApi, md5, openMenu, rowAction, storedToken, toast, typeDate, unique } from './support'

const SHOTS = '/tmp/appraise-shots'

/** Signs in as a seeded user (password = account) in a fresh browser context and opens a path. */
const openAsUser = async (browser: Browser, account: string, path: string) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await loginViaApi(page, account, md5(account))
  await page.goto(path)
  // A fresh context loads the app without a cache: slow on shared cores.
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 })
  return page
}

const choose = async (page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) => {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('appraisal: application, acceptance, experts, report', () => {
  test('an applicant applies, staff accept and push two experts, both score, staff issue the report', async ({
    browser,
  }) => {
    test.setTimeout(600_000)
    fs.mkdirSync(SHOTS, { recursive: true })
    const name = unique('高效铜冶炼新工艺')

    // The applicant fills the application and submits it.
    let page = await openAsUser(browser, 'member', '/appraise/results')
    await page.getByRole('button', { name: '新增申请' }).click()
    const form = page.getByRole('dialog')
    await form.getByLabel('成果名称').fill(name)
    await form.getByLabel('委托方').fill('江西铜业集团有限公司')
    await form.getByLabel('签订地点').fill('北京')
    await choose(page, form, '成果类型', '新工艺')
    await typeDate(form, page, '会议时间', '2026-12-01 09:30:00')
    await form.locator('.ProseMirror').nth(0).click()
    await page.keyboard.type('国家重点研发计划')
    await form.locator('.ProseMirror').nth(1).click()
    await page.keyboard.type('一种高效铜冶炼工艺,能耗降低百分之二十。')
    await page.screenshot({ path: `${SHOTS}/application-basic.png` })

    await form.getByRole('tab', { name: '委托方' }).click()
    const principal: [string, string][] = [
      ['单位名称', '江西铜业集团有限公司'],
      ['纳税登记号', '91360000158260213X'],
      ['法定代表人', '郑高清'],
      ['通讯地址', '江西省南昌市高新区昌东大道7666号'],
      ['委托代理人', '王五'],
      ['电话', '13912345678'],
      ['联系人', '赵六'],
      ['开户银行', '中国工商银行南昌分行'],
      ['邮编', '330096'],
      ['账号', '1502200000000000000'],
      ['传真', '0791-82710000'],
      ['邮箱', 'zhaoliu@jxcc.com'],
    ]
    for (const [label, value] of principal) {
      await form.getByLabel(label, { exact: true }).fill(value)
    }
    await form.getByRole('tab', { name: '完成单位' }).click()
    await form.getByTestId('unit-add').click()
    for (const [key, value] of [
      ['unitName', '中南大学'],
      ['postcode', '410083'],
      ['address', '湖南省长沙市麓山南路932号'],
      ['name', '张三丰'],
      ['phone', '0731-88876543'],
    ]) {
      await form.getByTestId(`unit-0-${key}`).fill(value!)
    }
    await form.getByRole('tab', { name: '完成人员' }).click()
    await form.getByTestId('person-add').click()
    await form.getByTestId('person-0-name').fill('李四光')
    await form.getByTestId('person-0-birthTime').fill('1975-06')
    await choose(page, form, '技术职称', '正高级工程师')
    await choose(page, form, '文化程度', '博士研究生')
    await choose(page, form, '工作单位', '中南大学')
    await form.getByTestId('person-0-contribution').fill('工艺设计与试验')
    await page.screenshot({ path: `${SHOTS}/application-people.png` })
    // Saved as a draft, the application takes its intellectual property records (spec section 5).
    await form.getByRole('button', { name: '暂存' }).click()
    await expect(toast(page, '操作成功').first()).toBeVisible()
    await form.getByRole('tab', { name: '知识产权' }).click()
    await form.getByRole('button', { name: '新增' }).click()
    const ip = page.getByRole('dialog').last()
    await ip.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入知识产权名称').first()).toBeVisible()
    await ip.getByLabel('知识产权名称').fill('一种高效铜冶炼方法')
    await choose(page, ip, '知识产权类别', '发明专利')
    await choose(page, ip, '国家或地区', '中国')
    await ip.getByLabel('授权号').fill('ZL202310000001.X')
    await typeDate(ip, page, '授权日期', '2024-06-18')
    await ip.getByLabel('证书号').fill('第6543210号')
    await ip.getByLabel('权利人').fill('中南大学')
    await ip.getByLabel('发明人').fill('李四光')
    await ip.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请上传附件').first()).toBeVisible()
    await ip.getByTestId('fileAttach-input').setInputFiles({
      name: '专利证书.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 patent'),
    })
    await expect(ip.getByTestId('attached-file')).toContainText('专利证书.pdf')
    await ip.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功').first()).toBeVisible()
    await expect(form.locator('.MuiDataGrid-row', { hasText: '一种高效铜冶炼方法' })).toContainText(
      '发明专利',
    )
    await page.screenshot({ path: `${SHOTS}/application-equity.png` })
    // Row deletion (spec section 5): a saved row asks by name and is removed on the server, an unsaved
    // one goes without a call.
    await form.getByRole('tab', { name: '完成单位' }).click()
    await form.getByTestId('unit-add').click()
    await form.getByTestId('unit-1-unitName').fill('北京科技大学')
    await form.getByRole('button', { name: '暂存' }).click()
    await expect(toast(page, '操作成功').first()).toBeVisible()
    await form.getByTestId('unit-1-remove').click()
    await expect(page.getByText('确定将单位 北京科技大学 从该项目删除?')).toBeVisible()
    await page.getByRole('button', { name: '确定' }).click()
    await expect(form.getByTestId('unit-1-unitName')).toHaveCount(0)
    await form.getByTestId('unit-add').click()
    await form.getByTestId('unit-1-remove').click()
    await expect(form.getByTestId('unit-1-unitName')).toHaveCount(0)
    await form.getByRole('tab', { name: '完成人员' }).click()
    await form.getByRole('button', { name: '提交' }).click()
    await expect(toast(page, '操作成功').first()).toBeVisible()
    await expect(page.getByTestId(`results-row-${name}`)).toContainText('待审核')
    await page.context().close()

    // Staff accept it (agreement number assigned) and push the two seeded experts.
    page = await openAsUser(browser, 'appraiser', '/appraise/results')
    let row = page.getByTestId(`results-row-${name}`)
    let editor = page.getByRole('dialog')
    await rowAction(row, '审核')
    await page.getByRole('dialog').getByLabel('审核意见').fill('材料齐全，同意受理')
    await page.getByRole('dialog').getByRole('button', { name: '通过' }).click()
    await expect(row).toContainText('已受理')
    await expect(row).toContainText(/YS\d{8}/)
    await rowAction(row, '推送专家')
    const push = page.getByRole('dialog')
    await push.getByRole('checkbox', { name: '王建国' }).check()
    await push.getByRole('checkbox', { name: '李秀英' }).check()
    await page.screenshot({ path: `${SHOTS}/push-dialog.png` })
    await push.getByRole('button', { name: '推送所选专家' }).click()
    await expect(toast(page, '操作成功').first()).toBeVisible()

    // The meeting form: prefilled, saved as a draft (暂存, nothing reset), then its notice generated.
    await rowAction(row, /^(查看|编辑)$/)
    await editor.getByRole('tab', { name: '评价会' }).click()
    await expect(editor.getByLabel('项目名称')).toHaveValue(name)
    await expect(editor.locator('input[name="meetingTime"]')).toHaveValue('2026-12-01 09:30') // the picker shows the minute
    await editor.getByTestId('form-meetingNo').fill('2026-评-018')
    await editor.getByTestId('leader-add').click()
    await editor.getByTestId('leader-0-name').fill('李')
    await editor.getByRole('button', { name: '暂存' }).click()
    await expect(toast(page, '姓名格式不正确').first()).toBeVisible()
    await editor.getByTestId('leader-0-name').fill('李四光')
    await editor.getByRole('button', { name: '暂存' }).click()
    await expect(toast(page, '操作成功').first()).toBeVisible()
    await expect(editor.getByTestId('form-meetingNo')).toHaveValue('2026-评-018')
    await editor.getByRole('button', { name: '生成评价会议通知' }).click()
    await expect(toast(page, '请输入主持人').first()).toBeVisible()
    await editor.getByTestId('form-direct').fill('周工程师')
    await editor.locator('.ProseMirror').first().click()
    await page.keyboard.type('一、项目汇报;二、专家质询;三、形成评价意见')
    await editor.getByTestId('form-enterpriseList').fill('江西铜业集团有限公司')
    await editor.getByTestId('leader-0-workUnit').fill('中南大学')
    await choose(page, editor, '技术职称', '正高级工程师')
    await page.screenshot({ path: `${SHOTS}/meeting-form.png`, fullPage: true })
    const meetingFile = page.waitForEvent('download')
    await editor.getByRole('button', { name: '生成评价会议通知' }).click()
    expect((await meetingFile).suggestedFilename()).toMatch(/^评价会议通知-YS\d{8}\.docx$/)
    await expect(editor.getByRole('button', { name: '下载评价会议通知' })).toBeVisible()

    // The notice starts the appraisal.
    await editor.getByRole('tab', { name: '评价通知' }).click()
    await editor.getByLabel('联系人').fill('周工程师')
    await editor.getByLabel('电话').fill('010-68888888')
    const noticeFile = page.waitForEvent('download')
    await editor.getByRole('button', { name: '生成评价通知' }).click()
    expect((await noticeFile).suggestedFilename()).toMatch(/^评价通知-YS\d{8}\.docx$/)
    await editor.getByRole('button', { name: '关闭' }).click()
    await expect(row).toContainText('评价中')
    await page.context().close()

    // Both experts score from their own review lists.
    for (const [account, scores] of [
      ['expert1', ['95', '88.5', '80', '70', '60']],
      ['expert2', ['85', '90', '70', '80', '61']],
    ] as const) {
      const expert = await openAsUser(browser, account, '/appraise/review')
      const review = expert.getByTestId(`review-row-${name}`)
      await rowAction(review, '评分')
      const dialog = expert.getByRole('dialog')
      // The expert reads the application before scoring; its contacts only afterwards.
      await expect(dialog.getByTestId('review-application')).toContainText('中南大学')
      await expect(dialog.getByTestId('review-application')).toContainText('提交评分后可见')
      const inputs = dialog.locator('input[type="number"]')
      await expect(inputs).toHaveCount(5)
      if (account === 'expert1') {
        // An empty 提交评分 marks each score and the opinion with the spec's message (the first toasted,
        // the first field focused); filling a field clears its own.
        await dialog.getByRole('button', { name: '提交评分' }).click()
        await expect(toast(expert, '请输入指标分数')).toBeVisible()
        await expect(dialog.getByText('请输入指标分数')).toHaveCount(5)
        await expect(dialog.getByText('请输入评审意见')).toBeVisible()
        await expect(inputs.first()).toBeFocused()
        await inputs.first().fill('101')
        await expect(dialog.getByText('请输入指标分数')).toHaveCount(5)
        await inputs.first().fill('95')
        await expect(dialog.getByText('请输入指标分数')).toHaveCount(4)
      }
      for (const [i, score] of scores.entries()) {
        await inputs.nth(i).fill(score)
      }
      await dialog.getByLabel('评审意见').fill('技术先进，建议推广应用')
      await expect(dialog.getByText(/请输入指标分数|请输入评审意见/)).toHaveCount(0)
      if (account === 'expert1') {
        await expert.screenshot({ path: `${SHOTS}/expert-scoring.png` })
      }
      await dialog.getByRole('button', { name: '提交评分' }).click()
      await expect(review).toContainText('已评分')
      await expert.context().close()
    }

    // Staff generate the report (total 80.9, 国际先进) and download it.
    page = await openAsUser(browser, 'appraiser', '/appraise/results')
    row = page.getByTestId(`results-row-${name}`)
    editor = page.getByRole('dialog')
    await expect(row).toContainText('已评分')
    await expect(row).toContainText('80.9')
    await rowAction(row, /^(查看|编辑)$/)
    await editor.getByRole('tab', { name: '评价报告' }).click()
    await expect(editor.getByTestId('report-total')).toContainText('80.9 国际先进')
    const rich = editor.locator('.ProseMirror')
    await rich.nth(1).click()
    await page.keyboard.type('2026年12月1日在北京召开评价会,专家组听取汇报并审查资料。')
    await rich.nth(3).click()
    await page.keyboard.type('技术报告、检测报告、查新报告')
    await rich.nth(4).click()
    await page.keyboard.type('该成果整体达到国际先进水平。')
    await editor.getByTestId('form-list').fill('江西铜业集团有限公司\n铜陵有色金属集团')
    await page.screenshot({ path: `${SHOTS}/report-form.png`, fullPage: true })
    const reportFile = page.waitForEvent('download')
    await editor.getByRole('button', { name: '生成评价报告' }).click()
    expect((await reportFile).suggestedFilename()).toMatch(/^评价报告-YS\d{8}\.docx$/)
    const again = page.waitForEvent('download')
    await editor.getByRole('button', { name: '下载评价报告' }).click()
    const saved = await again
    const bytes = fs.readFileSync((await saved.path())!)
    expect(bytes.subarray(0, 2).toString()).toBe('PK')
    await editor.getByRole('tab', { name: '档案' }).click()
    const dossier = editor.getByRole('table', { name: '档案' })
    await expect(dossier).toContainText('已评分 → 已出具报告：生成评价报告')
    await expect(dossier.getByTestId('dossier-score')).toHaveCount(2)
    await expect(dossier.getByTestId('dossier-push').first()).toContainText('推送专家')
    await editor.getByLabel('留言').fill('报告已出具，请查收')
    await editor.getByRole('button', { name: '发送' }).click()
    await expect(dossier.getByTestId('dossier-message')).toContainText('报告已出具，请查收')
    await page.screenshot({ path: `${SHOTS}/dossier.png` })
    await editor.getByRole('button', { name: '关闭' }).click()
    await expect(row).toContainText('已出具报告')
    await page.screenshot({ path: `${SHOTS}/results-list.png` })
  })
})

test.describe('appraisal: every menu', () => {
  test('each 成果评价 menu opens a working screen; an applicant sees only the tabs they can use', async ({
    browser,
  }) => {
    test.setTimeout(300_000)
    fs.mkdirSync(SHOTS, { recursive: true })
    const page = await openAsUser(browser, 'appraiser', '/appraise/results')
    // An application of its own, so the lists have a row.
    const created = await page.request.post('/api/ysjs-appraise/results/saveResultsVO', {
      headers: { 'Blade-Auth': `bearer ${await storedToken(page)}` },
      data: { name: unique('菜单巡检成果'), unitEntityList: [{ unitName: '中南大学' }] },
    })
    expect((await created.json()).code).toBe(200)
    const menus: [string, string, RegExp | string][] = [
      ['评价协议', '/appraise/agreement', /新增申请|协议编号/],
      ['评价通知', '/appraise/notice', '协议编号'],
      ['评价报告', '/appraise/report', '协议编号'],
      ['评价会议', '/appraise/meeting', '协议编号'],
      ['专家推送', '/appraise/basic', '协议编号'],
      ['评价指标', '/appraise/index', '协议编号'],
      ['完成单位', '/appraise/unit', '公司名称'],
      ['委托单位', '/appraise/principal', '法定代表人'],
      ['主要研制人员', '/appraise/people', '出生年月'],
      ['成果附件', '/appraise/attach', '文件名称'],
      ['附件分类', '/appraise/assort', '科技查新报告'],
      ['评价配置', '/appraise/cofig', '模板名称'],
    ]
    for (const [leaf, path, shows] of menus) {
      await openMenu(page, '成果评价', leaf)
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.locator('main')).toContainText(shows)
      await expect(page.getByText('该功能正在建设中')).toHaveCount(0)
      await page.screenshot({ path: `${SHOTS}/menu-${path.split('/').pop()}.png` })
    }

    // A template of indicators, added on its screen.
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    const templateName = unique('新工艺评价指标')
    await dialog.getByLabel('模板名称').fill(templateName)
    await dialog.getByTestId('index-0-name').fill('工艺创新性')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入指标权重').first()).toBeVisible()
    await dialog.getByTestId('index-0-weight').fill('60')
    await dialog.getByTestId('index-add').click()
    await dialog.getByTestId('index-1-name').fill('节能降耗效果')
    await dialog.getByTestId('index-1-weight').fill('40')
    await page.screenshot({ path: `${SHOTS}/template-form.png` })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功').first()).toBeVisible()
    await expect(page.locator('.MuiDataGrid-row', { hasText: templateName })).toContainText(
      '节能降耗效果(40)',
    )

    // A unit row opens its application on the 完成单位 tab.
    await openMenu(page, '成果评价', '完成单位')
    const unitRow = page.locator('.MuiDataGrid-row').first()
    await rowAction(unitRow, '打开成果')
    await expect(page).toHaveURL(/\/appraise\/results/)
    await expect(page.getByRole('tab', { name: '完成单位', selected: true })).toBeVisible()
    await page.context().close()

    const member = await openAsUser(browser, 'member', '/appraise/results')
    const own = await member.request.post('/api/ysjs-appraise/results/saveResultsVO', {
      headers: { 'Blade-Auth': `bearer ${await storedToken(member)}` },
      data: { name: unique('会员成果') },
    })
    expect((await own.json()).code).toBe(200)
    await member.reload()
    await member
      .getByRole('button', { name: /^(查看|编辑)$/ })
      .first()
      .click()
    const editor = member.getByRole('dialog')
    await expect(editor.getByRole('tab', { name: '知识产权' })).toBeVisible()
    for (const hidden of ['评价会', '评价通知', '评价报告', '专家评分']) {
      await expect(editor.getByRole('tab', { name: hidden, exact: true })).toHaveCount(0)
    }
    await member.context().close()
  })
})
