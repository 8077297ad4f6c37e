import { expect, type Page, test } from '@playwright/test'
import { openAs, openMenu, storedToken, toast, typeDate, unique } from './support'

const SHOTS = '/tmp/deal-shots'

/** Picks `option` in the dialog's select labelled `label`. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('trading: projects, deals, intellectual property', () => {
  test('a trading project (the secret rule resets the value), a deal for it and an IP record with a file', async ({
    page,
  }) => {
    const title = unique('高纯铜连续挤压')
    // Trading project, from the menu: the screen is built, not 该功能正在建设中.
    await openAs(page, '/wel/index')
    await openMenu(page, '技术交易', '交易项目')
    await expect(page).toHaveURL(/\/trading\/project/)
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0)
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('项目名称').fill(title)
    await choose(page, '技术类型', '新工艺')
    await choose(page, '行业领域', '铜')
    await choose(page, '合作方式', '技术转让')
    await choose(page, '项目阶段', '中试阶段')
    await dialog.getByLabel('意向价格(万元)').fill('120.5')
    await dialog.getByLabel('权属单位').fill('中南大学')
    // The secret-project rule: choosing 保密 warns and puts 非保密 back.
    await choose(page, '是否保密', '保密')
    await expect(toast(page, '不接受保密项目')).toBeVisible()
    await expect(dialog.getByRole('combobox', { name: '是否保密' })).toHaveText('非保密')
    await dialog.locator('.ProseMirror').click()
    await page.keyboard.type('连续挤压生产高纯铜排,已完成中试。')
    await page.screenshot({ path: `${SHOTS}/trading-project-form.png` })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const projectRow = page.locator('.MuiDataGrid-row', { hasText: title })
    await expect(projectRow).toContainText('新工艺')
    await expect(projectRow).toContainText('120.50')
    await page.screenshot({ path: `${SHOTS}/trading-project-list.png` })

    // A deal for it.
    const contractNo = unique('HT2026-')
    await openMenu(page, '技术交易', '交易管理')
    await expect(page).toHaveURL(/\/trading\/deal/)
    await page.getByRole('button', { name: '新增' }).click()
    await dialog.getByLabel('合同编号').fill(contractNo)
    // The project picker searches the server by title.
    await dialog.getByRole('combobox', { name: '交易项目' }).fill(title)
    await page.getByRole('option', { name: title, exact: true }).click()
    await dialog.getByLabel('买方单位').fill('江西铜业股份有限公司')
    await dialog.getByLabel('卖方单位').fill('中南大学')
    await dialog.getByLabel('合同金额(元)').fill('1250000.5')
    await typeDate(page.getByRole('dialog'), page, '签订日期', '20260315')
    await choose(page, '交易状态', '已签约')
    await dialog.getByTestId('fileAttach-input').setInputFiles({
      name: '技术转让合同.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 contract'),
    })
    await expect(dialog.getByTestId('attached-file')).toContainText('技术转让合同.pdf')
    // The link opens the stored file with the user's token (a bare link would answer 401).
    const contractHref = (await dialog.getByTestId('attached-file').getAttribute('href')) ?? ''
    expect(contractHref).toContain('blade-auth=')
    expect((await page.request.get(contractHref)).status()).toBe(200)
    await page.screenshot({ path: `${SHOTS}/deal-form.png` })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const dealRow = page.locator('.MuiDataGrid-row', { hasText: contractNo })
    await expect(dealRow).toContainText(title)
    await expect(dealRow).toContainText('1250000.50')
    await expect(dealRow).toContainText('2026-03-15')
    await expect(dealRow).toContainText('已签约')
    await page.screenshot({ path: `${SHOTS}/deal-list.png` })

    // An intellectual property record with its file; saving without one shows the field's prompt. It
    // belongs to an appraisal application, picked by name.
    const ipName = unique('一种高纯铜的制备方法')
    const resultsName = unique('高纯铜成果')
    const created = await page.request.post('/api/ysjs-appraise/results/saveResultsVO', {
      headers: { 'Blade-Auth': `bearer ${await storedToken(page)}` },
      data: { name: resultsName },
    })
    const resultsId = (await created.json()).data.id as string
    await openMenu(page, '成果评价', '知识产权')
    await expect(page).toHaveURL(/\/appraise\/equity/)
    await page.getByRole('button', { name: '新增' }).click()
    await expect(dialog.getByRole('combobox', { name: '是否有效' })).toHaveText('有效')
    await dialog.getByLabel('知识产权名称').fill(ipName)
    await choose(page, '知识产权类别', '发明专利')
    await choose(page, '国家或地区', '中国')
    await dialog.getByLabel('授权号').fill('ZL202310000001.X')
    await typeDate(page.getByRole('dialog'), page, '授权日期', '20240618')
    await dialog.getByLabel('证书号').fill('第6543210号')
    await dialog.getByLabel('权利人').fill('中南大学')
    await dialog.getByLabel('发明人').fill('张三;李四')
    await dialog.getByRole('combobox', { name: '所属成果' }).fill(resultsName)
    await page.getByRole('option', { name: resultsName }).click()
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请上传附件')).toBeVisible()
    await dialog.getByTestId('fileAttach-input').setInputFiles({
      name: '专利证书.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
    })
    await expect(dialog.getByTestId('attached-file')).toContainText('专利证书.png')
    await page.screenshot({ path: `${SHOTS}/equity-form.png` })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const ipRow = page.locator('.MuiDataGrid-row', { hasText: ipName })
    await expect(ipRow).toContainText('发明专利')
    await expect(ipRow).toContainText('有效')
    await expect(ipRow).toContainText(resultsName)
    await page.screenshot({ path: `${SHOTS}/equity-list.png` })

    const token = await storedToken(page)
    const found = await page.request.get(`/api/ysjs-appraise/equity/findByResultsId?resultsId=${resultsId}`, {
      headers: { 'Blade-Auth': `bearer ${token}` },
    })
    const record = (await found.json()).data.find((r: { name: string }) => r.name === ipName)
    expect(record).toMatchObject({
      fileName: '专利证书.png',
      isEffective: 1,
      countryName: '中国',
      accreditTime: '2024-06-18',
    })
    expect(record.fileAttach).toMatch(/\.png$/)
  })
})
