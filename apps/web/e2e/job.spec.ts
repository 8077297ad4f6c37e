import { expect, test } from '@playwright/test'
import { openAs, rowAction, toast, unique } from './support'

test.describe('scheduled jobs', () => {
  test('create a job in the form, see its next fire times, enable it and watch its runs appear', async ({
    page,
  }) => {
    const name = unique('端到端任务')
    await openAs(page, '/job/jobinfo')
    await expect(page.getByRole('columnheader', { name: '任务名称' })).toBeVisible()
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0)

    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    // The spec's defaults: CRON, single, built-in, concurrency 5, paused.
    await expect(dialog.getByRole('combobox', { name: '定时类型' })).toHaveText('CRON')
    await expect(dialog.getByRole('combobox', { name: '执行类型' })).toHaveText('单机执行')
    await expect(dialog.getByRole('combobox', { name: '运行时配置' })).toHaveText('健康度优先')
    await expect(dialog.getByRole('combobox', { name: '处理器类型' })).toHaveText('内建处理器')
    await expect(dialog.getByRole('combobox', { name: '任务状态' })).toHaveText('停用')
    await expect(dialog.getByLabel('并发数')).toHaveValue('5')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入任务名称')).toBeVisible()
    await expect(dialog.getByText('请输入处理器参数')).toBeVisible()

    await dialog.getByLabel('任务名称').fill(name)
    await dialog.getByRole('combobox', { name: '任务应用' }).click()
    await page.getByRole('option', { name: '本地调度' }).click()
    // The built-in processors are offered with what each does.
    await dialog.getByLabel('处理器参数').fill('publish')
    await page.getByRole('option', { name: /^publish-notices — 发布到达发布时间的通知/ }).click()
    await expect(dialog.getByLabel('处理器参数')).toHaveValue('publish-notices')
    await expect(dialog.getByText('发布到达发布时间的通知')).toBeVisible()
    // The users an alert notifies are picked by name.
    await dialog.getByRole('combobox', { name: '报警用户' }).click()
    await page.getByRole('option', { name: /\(admin\)$/ }).click()
    await page.keyboard.press('Escape')
    await expect(dialog.getByRole('combobox', { name: '报警用户' })).toContainText('(admin)')
    // An expression that cannot run is explained at once…
    await dialog.getByLabel('时间表达式').fill('0 0 25 * * ?')
    await expect(dialog.getByTestId('fire-times')).toContainText('CRON 表达式格式不正确')
    // …and a valid one previews its next 10 fire times (Quartz: every 2 seconds).
    await dialog.getByLabel('时间表达式').fill('*/2 * * * * ?')
    const preview = dialog.getByTestId('fire-times').getByRole('listitem')
    await expect(preview).toHaveCount(10)
    await expect(preview.first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{1}[02468]$/)
    await page.screenshot({ path: test.info().outputPath('job-form.png') })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await expect(dialog).toBeHidden()

    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toHaveCount(1)
    await rowAction(row, '触发时间')
    await expect(page.getByRole('dialog').getByTestId('fire-times').getByRole('listitem')).toHaveCount(10)
    // From a given moment (China time): every 2 seconds after it.
    await page.getByRole('dialog').getByLabel('开始时间').fill('2026-08-01 00:00:00')
    await expect(page.getByRole('dialog').getByTestId('fire-times').getByRole('listitem').first()).toHaveText(
      '2026-08-01 00:00:02',
    )
    await page.screenshot({ path: test.info().outputPath('job-fire-times-from.png') })
    await page.getByRole('dialog').getByLabel('开始时间').fill('2026-08-01')
    await expect(page.getByRole('dialog').getByTestId('fire-times')).toContainText(
      '开始时间格式应为 yyyy-MM-dd HH:mm:ss',
    )
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click()

    // Enable: the worker schedules it and runs appear in its history.
    const toggle = row.getByRole('switch', { name: `任务状态 ${name}` })
    await toggle.click()
    await expect(toggle).toBeChecked()
    await page.screenshot({ path: test.info().outputPath('job-list.png') })
    await rowAction(row, '运行记录')
    const runs = page.getByRole('dialog').getByTestId('job-instances')
    await expect(runs.getByText('成功').first()).toBeVisible({ timeout: 20_000 })
    await expect
      .poll(async () => runs.getByText('成功').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2)
    await runs.getByRole('button', { name: '日志' }).first().click()
    await expect(runs).toContainText('已发布通知 0 条')
    await page.screenshot({ path: test.info().outputPath('job-instances.png') })
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click()

    // Pause it again.
    await toggle.click()
    await expect(toggle).not.toBeChecked()
  })

  test('job servers: the seeded one is listed, the form asks for every field but the remark', async ({
    page,
  }) => {
    await openAs(page, '/job/jobserver')
    await expect(page.getByText('该功能正在建设中')).toHaveCount(0)
    await expect(page.getByRole('row', { name: /本地调度/ })).toHaveCount(1)
    await expect(page.getByRole('columnheader', { name: '应用密码' })).toHaveCount(0)
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入服务名称')).toBeVisible()
    for (const message of ['请输入服务器地址', '请输入应用名称', '请输入应用密码']) {
      await expect(dialog.getByText(message)).toBeVisible()
    }
    await page.screenshot({ path: test.info().outputPath('job-server.png') })
  })

  test('working-day calendar: the shipped years, a day checked, a yearly file uploaded and a year edited', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await openAs(page, '/job/calendar')
    const years = page.getByTestId('calendar-years')
    await expect(years.getByRole('row', { name: /^2026 33 6/ })).toBeVisible()
    await expect(years.getByRole('row', { name: /^2025 28 5/ })).toBeVisible()
    const removeYear = async (year: number) => {
      await years
        .getByRole('row', { name: new RegExp(`^${year}`) })
        .getByRole('button', { name: '删除' })
        .click()
      await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
      await expect(years.getByRole('row', { name: new RegExp(`^${year}`) })).toHaveCount(0)
    }
    // A run interrupted before its clean-up left its year behind.
    if (await years.getByRole('row', { name: /^2099/ }).count()) {
      await removeYear(2099)
    }

    await page.getByLabel('日期').fill('2026-02-14')
    await page.getByLabel('工作日数').fill('2')
    await page.getByRole('button', { name: '查询' }).click()
    await expect(page.getByTestId('calendar-check')).toContainText('2026-02-14 工作日 (春节)')
    await expect(page.getByTestId('calendar-check')).toContainText('下一个工作日 2026-02-24')
    await expect(page.getByTestId('calendar-check')).toContainText('2 个工作日后 2026-02-25')

    // Upload a year's data file (the format the shipped files use).
    await page.getByTestId('calendar-file').setInputFiles({
      name: '2099.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          year: 2099,
          holidays: [{ name: '元旦', from: '2099-01-01', to: '2099-01-03' }],
          workdays: [{ name: '元旦', date: '2099-01-04' }],
        }),
      ),
    })
    await expect(toast(page, '已导入 2099 年 4 天')).toBeVisible()
    const row = years.getByRole('row', { name: /^2099 3 1/ })
    await expect(row).toBeVisible()

    // Edit it: an adjusted working day on a weekday is refused with the message, then one is removed.
    await row.getByRole('button', { name: '编辑' }).click()
    const dialog = page.getByRole('dialog')
    const days = dialog.getByTestId('calendar-days')
    await expect(days.getByRole('row')).toHaveCount(5)
    await page.screenshot({ path: test.info().outputPath('work-calendar-edit.png') })
    await dialog.getByRole('button', { name: '添加日期' }).click()
    await days.getByRole('textbox').nth(8).fill('2099-01-05')
    await days.getByRole('combobox').last().click()
    await page.getByRole('option', { name: '调休上班' }).click()
    await days.getByRole('textbox').last().fill('测试')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(dialog.getByText('调休上班日应为周六或周日')).toBeVisible()
    await days.getByRole('button', { name: '删除' }).last().click()
    await days.getByRole('button', { name: '删除' }).first().click()
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(dialog).toBeHidden()
    await expect(years.getByRole('row', { name: /^2099 2 1/ })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('work-calendar.png') })

    await removeYear(2099)
  })
})
