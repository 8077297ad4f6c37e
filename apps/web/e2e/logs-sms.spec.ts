import { expect, type Page, test } from '@playwright/test'
import { loginViaApi, openAs, rowAction, toast, typeDate, unique } from './support'

const dialog = (page: Page) => page.getByRole('dialog')
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date())

test.describe('logs', () => {
  test('filters the error log and shows a row’s stack trace', async ({ page }) => {
    const marker = unique('端到端错误')
    const token = await loginViaApi(page)
    // A client error the browser reports: the platform writes it to the error log.
    const sent = await page.request.post('/api/ysjs-log/error/send-logs', {
      headers: { 'Blade-Auth': `bearer ${token.access_token}` },
      data: [
        {
          type: 'error',
          message: marker,
          stack: `Error: ${marker}\n    at NoticePage (NoticePage.tsx:42:7)\n    at renderWithHooks`,
          url: '/desk/notice',
        },
      ],
    })
    expect(sent.ok()).toBeTruthy()

    await openAs(page, '/monitor/log/error')
    await expect(page.getByRole('columnheader', { name: '异常信息' })).toBeVisible()
    const search = page.getByRole('search')
    await typeDate(search, page, '开始日期', today())
    await typeDate(search, page, '结束日期', today())
    await search.getByLabel('异常信息').fill(marker)
    // The row is written within a second (batched off the request path).
    const row = page.getByRole('row', { name: new RegExp(marker) })
    await expect(async () => {
      await search.getByRole('button', { name: '搜索' }).click()
      await expect(row).toHaveCount(1, { timeout: 1_000 })
    }).toPass({ timeout: 15_000 })
    await expect(page).toHaveURL(/createTime_datege=/)
    await expect(row).toContainText('CLIENT')

    await rowAction(row, '查看')
    await expect(dialog(page)).toContainText('查看错误日志')
    await expect(dialog(page).getByTestId('stack-trace')).toContainText('at NoticePage (NoticePage.tsx:42:7)')
    await page.screenshot({ path: test.info().outputPath('error-detail.png') })
    await dialog(page).getByRole('button', { name: '关闭' }).click()

    // Another day shows nothing.
    await typeDate(search, page, '开始日期', '2020-01-01')
    await typeDate(search, page, '结束日期', '2020-01-02')
    await search.getByRole('button', { name: '搜索' }).click()
    await expect(row).toHaveCount(0)
  })

  test('the usual and API log screens are built, not under construction', async ({ page }) => {
    await openAs(page, '/monitor/log/api')
    await expect(page.getByRole('columnheader', { name: '请求接口' })).toBeVisible()
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0)
    await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('api-log.png') })
    await page.goto('/monitor/log/usual')
    await expect(page.getByRole('columnheader', { name: '日志业务ID' })).toBeVisible()
    await page.goto('/report/reportlist')
    await expect(page.getByRole('columnheader', { name: '报表名称' })).toBeVisible()
  })
})

test.describe('SMS configs', () => {
  test('creates a log-provider config, enables it and sends a test message', async ({ page }) => {
    const code = unique('e2e-sms-')
    await openAs(page, '/resource/sms')
    await page.getByRole('button', { name: '新增' }).click()
    await expect(dialog(page)).toContainText('新增短信配置')
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入资源编号')).toBeVisible()
    await expect(dialog(page).getByRole('combobox', { name: '分类' })).toContainText('日志输出')
    await dialog(page).getByLabel('资源编号').fill(code)
    await dialog(page).getByLabel('模板ID').fill('SMS_E2E')
    await dialog(page).getByLabel('短信签名').fill('有色技术')
    await page.screenshot({ path: test.info().outputPath('add.png') })
    await dialog(page).getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()

    const row = page.getByRole('row', { name: new RegExp(code) })
    await expect(row).toContainText('日志输出')
    const enable = row.getByRole('switch', { name: `启用 ${code}` })
    await expect(enable).not.toBeChecked()
    await enable.click()
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '操作成功!')).toBeVisible()
    await expect(enable).toBeChecked()
    await expect(enable).toBeDisabled()

    await rowAction(row, '发送测试')
    await dialog(page).getByLabel('手机号').fill('1380013')
    await dialog(page).getByRole('button', { name: '发送' }).click()
    await expect(toast(page, '手机号格式不正确')).toBeVisible()
    await dialog(page).getByLabel('手机号').fill('13800138000')
    await page.screenshot({ path: test.info().outputPath('send.png') })
    await dialog(page).getByRole('button', { name: '发送' }).click()
    await expect(toast(page, '短信发送成功')).toBeVisible()
    await expect(dialog(page)).toBeHidden()
    await page.screenshot({ path: test.info().outputPath('list.png') })
  })
})
