import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { loginViaApi, md5, openAs, openMenu, rowAction, toast, typeDate, unique } from './support'

const SHOTS = '/tmp/meeting-shots'

const choose = async (page: Page, label: string, option: string | RegExp) => {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}

/** A page of its own, logged in as `account` (password = account, as seeded). */
const openAsUser = async (browser: Browser, account: string, path: string) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await loginViaApi(page, account, md5(account))
  await page.goto(path)
  // A fresh context loads the app without a cache: slow on shared cores.
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 })
  return page
}

/** The rows of the first sheet of an xlsx (exceljs is the API's dependency, not the web app's). */
const xlsxRows = async (file: string): Promise<unknown[][]> => {
  const require = createRequire(path.resolve(import.meta.dirname, '../../api/package.json'))
  const ExcelJS = require('exceljs') as {
    Workbook: new () => {
      xlsx: { readFile: (file: string) => Promise<unknown> }
      worksheets: { eachRow: (fn: (row: { values: unknown[] }) => void) => void }[]
    }
  }
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(file)
  const rows: unknown[][] = []
  book.worksheets[0]!.eachRow((row) => rows.push(row.values.slice(1)))
  return rows
}

test.describe('meetings', () => {
  test('staff open a meeting; a member registers two attendees; staff allocate rooms, move one by hand, arrange the pick-up and export invoicing', async ({
    page,
    browser,
  }) => {
    // Many steps on shared cores: the whole flow gets five minutes.
    test.setTimeout(300_000)
    fs.mkdirSync(SHOTS, { recursive: true })
    const name = unique('有色金属技术交流会')
    await openAs(page, '/wel/index')
    await openMenu(page, '会议管理', '会议信息')
    await expect(page).toHaveURL(/\/meeting\/meeting/)
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('会议名称').fill(name)
    await typeDate(page.getByRole('dialog'), page, '开始时间', '20260511090000')
    await typeDate(page.getByRole('dialog'), page, '结束时间', '20260512180000')
    await dialog.getByLabel('会议地点').fill('长沙')
    await dialog.getByLabel('金额(元)').fill('800')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    const row = page.locator('.MuiDataGrid-row', { hasText: name })
    await expect(row).toContainText('筹备中')

    // Open it: 报名中, on the shelf.
    await rowAction(row, '变更为 报名中')
    await expect(row).toContainText('报名中')
    await rowAction(row, '上架')
    await expect(row).toContainText('已上架')
    await page.screenshot({ path: `${SHOTS}/meeting-list.png` })

    // A member (the seeded member unit's account) registers two attendees in the member centre.
    const member = await openAsUser(browser, 'member', '/topMember')
    const item = member.getByRole('listitem').filter({ hasText: name })
    const form = member.getByRole('dialog')
    for (const [person, phone] of [
      ['张三丰', '13812340001'],
      ['李四海', '13812340002'],
    ] as const) {
      await item.getByRole('button', { name: '我要报名' }).click()
      await form.getByLabel('姓名').fill(person)
      await form.getByLabel('单位名称').fill('中南大学')
      await form.getByLabel('联系电话').fill(phone)
      // Arrival and departure default to the meeting's start and end.
      await expect(form.getByRole('group', { name: '到达时间' })).toContainText('2026')
      await form.getByLabel('到达站点').fill('长沙南站')
      if (person === '张三丰') {
        // The first keeps the invoice title (whole, with its type) and the attendee for next time.
        await form.getByLabel('发票抬头').fill('中南大学')
        await form.getByLabel('纳税人识别号').fill('12430000444877024R')
        await form.getByRole('checkbox', { name: '保存为常用开票信息' }).check()
        await form.getByRole('button', { name: '确定' }).click()
        await expect(toast(member, '请选择发票类型')).toBeVisible()
        await choose(member, '发票类型', '增值税普通发票')
        await form.getByRole('checkbox', { name: '保存为常用参会人' }).check()
      } else {
        // The second takes the saved invoice title.
        await choose(member, '从常用开票信息选择', /中南大学/)
        await expect(form.getByLabel('纳税人识别号')).toHaveValue('12430000444877024R')
      }
      await form.getByRole('button', { name: '确定' }).click()
      // The second 新增成功 is not repeated while the first is still on screen (one toast per message,
      // decision 029): the closed form and the registrations below are the proof.
      await expect(toast(member, '新增成功').first()).toBeAttached()
      await expect(form).toBeHidden()
    }
    await expect(member.getByTestId('my-registration')).toHaveCount(2)
    const saved = member.getByTestId('saved-attendees')
    await expect(saved).toContainText('张三丰 · 中南大学 · 13812340001')
    await expect(saved).toContainText('中南大学 · 12430000444877024R · 增值税普通发票')
    // A saved attendee fills the form.
    await item.getByRole('button', { name: '我要报名' }).click()
    await choose(member, '从常用参会人选择', /张三丰/)
    await expect(form.getByLabel('联系电话')).toHaveValue('13812340001')
    await form.getByRole('button', { name: '取消' }).click()
    await member.screenshot({ path: `${SHOTS}/member-centre.png` })
    await member.context().close()

    // Rooms: the two men of the same unit share one.
    await page.goto('/allocationList')
    await choose(page, '选择会议', new RegExp(name))
    await page.getByRole('button', { name: '智能分配' }).click()
    await expect(toast(page, '分配完成')).toBeVisible()
    const rooms = page.getByTestId('room')
    await expect(rooms).toHaveCount(1)
    await expect(rooms).toContainText('张三丰')
    await expect(rooms).toContainText('李四海')
    // By hand: drag 李四海 onto a new room, then pick the first room again from the list.
    const li = page.getByTestId('guest').filter({ hasText: '李四海' })
    await li.dragTo(page.getByTestId('new-room'))
    await expect(toast(page, '操作成功')).toBeVisible()
    await expect(rooms).toHaveCount(2)
    await expect(page.locator('[data-room="R002"]')).toContainText('李四海')
    await expect(page.locator('[data-room="R002"]')).toContainText('手动')
    await page.screenshot({ path: `${SHOTS}/allocation-moved.png` })
    await page.getByTestId('guest').filter({ hasText: '李四海' }).click()
    const picker = page.getByRole('dialog')
    await expect(picker.getByRole('list', { name: '房间' })).toContainText('R001 · 1/2 · 男')
    await page.screenshot({ path: `${SHOTS}/allocation-picker.png` })
    await picker.getByRole('button', { name: /R001/ }).click()
    await expect(rooms).toHaveCount(1)
    await expect(page.locator('[data-room="R001"]')).toContainText('李四海')
    // The choice survives a reload.
    await page.reload()
    await choose(page, '选择会议', new RegExp(name))
    await expect(page.locator('[data-room="R001"]')).toContainText('李四海')

    // Pick-up: a vehicle whose driver is a user, an escort, then the allocation and a trip edited by hand.
    const plate = `湘A${Date.now().toString().slice(-5)}`
    await page.goto('/meeting/carmaintenance')
    await page.getByRole('button', { name: '新增' }).click()
    await dialog.getByLabel('车牌号').fill(plate)
    await dialog.getByLabel('座位数(不含司机)').fill('4')
    await choose(page, '司机', /^管理员/)
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await page.goto('/meeting/escort')
    await page.getByRole('button', { name: '新增' }).click()
    await dialog.getByLabel('姓名').fill('接站甲')
    await choose(page, '性别', '男')
    await dialog.getByLabel('联系电话').fill('13600000000')
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await page.goto('/arrangeList')
    await choose(page, '选择会议', new RegExp(name))
    await page.getByRole('button', { name: '智能分配' }).click()
    await expect(toast(page, '分配完成')).toBeVisible()
    const trip = page.getByTestId('trip')
    await expect(trip).toHaveCount(1)
    await expect(trip).toContainText(`${plate} (2/3)`)
    await expect(trip).toContainText('接送人员 接站甲')
    await expect(page.getByTestId('uncovered')).toHaveCount(0)
    await trip.getByRole('button', { name: /调整司机与接送人员/ }).click()
    await choose(page, '接送人员', '不安排接送人员')
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '操作成功')).toBeVisible()
    await expect(trip).toContainText('手动')
    await expect(page.getByTestId('uncovered')).toContainText('未安排接送人员')
    await expect(trip).toContainText(`${plate} (2/4)`)
    await page.screenshot({ path: `${SHOTS}/arrange.png` })

    // The invoicing export: both attendees and the totals row.
    await page.goto('/meeting/registeredmeeting')
    await choose(page, '选择会议', new RegExp(name))
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(2)
    // At 1366 px the grid is wider than the screen: its 操作 column stays in view at the right edge, and
    // the name column keeps its place at the left.
    await expect(page.getByRole('columnheader', { name: '操作' })).toBeInViewport()
    await expect(page.getByRole('columnheader', { name: '姓名' })).toBeInViewport()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出开票信息' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/开票信息\.xlsx$/)
    // The sheet: its title and notes, the header row, the attendees, then 合计 and 其中已开票.
    const rows = await xlsxRows(await download.path())
    expect(rows[0]?.[0]).toBe(`${name} 开票信息`)
    const head = rows.findIndex((r) => r.includes('发票抬头'))
    expect(head).toBeGreaterThan(0)
    expect(rows.slice(head + 1, -2).map((r) => [r[1], r[4], r[9]])).toEqual([
      ['张三丰', '中南大学', 800],
      ['李四海', '中南大学', 800],
    ])
    expect(rows.at(-2)?.slice(0, 2)).toEqual(['合计', '2 人'])
    expect(rows.at(-2)?.[9]).toBe(1600)
    expect(rows.at(-1)?.slice(0, 2)).toEqual(['其中已开票', '0 张'])
    await page.screenshot({ path: `${SHOTS}/registrations.png` })

    // Invoicing in its dialog: issue an invoice, then return it with a reason.
    // The grid scrolls sideways to its actions and drops the name column from the DOM: keep the row by id.
    const rowId = await page.getByRole('row', { name: /张三丰/ }).getAttribute('data-id')
    const zhang = page.locator(`.MuiDataGrid-row[data-id="${rowId}"]`)
    await rowAction(zhang, '开票')
    const invoiceForm = page.getByRole('dialog')
    // The member's invoice title comes along; staff add the type and the number of the issued invoice.
    await expect(invoiceForm.getByLabel('发票抬头')).toHaveValue('中南大学')
    await choose(page, '发票类型', '增值税普通发票')
    await invoiceForm.getByLabel('发票号码').fill('No.20261125001')
    await invoiceForm.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '更新成功')).toBeVisible()
    await expect(zhang).toContainText('已开票')
    await rowAction(zhang, '退回发票/重开发票')
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '请输入原因')).toBeVisible()
    await page.getByRole('dialog').getByLabel('原因').fill('抬头有误')
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click()
    await expect(zhang).toContainText('已退回')

    // 报名情况: the figures, then the registrations; removing one there redraws the figures.
    await page.goto('/registrationStatus')
    await choose(page, '选择会议', new RegExp(name))
    await expect(page.getByTestId('registered-count')).toContainText('2')
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(2)
    await page.screenshot({ path: `${SHOTS}/registration-status.png`, fullPage: true })
    const liId = await page.getByRole('row', { name: /李四海/ }).getAttribute('data-id')
    await rowAction(page.locator(`.MuiDataGrid-row[data-id="${liId}"]`), '删除')
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '删除成功')).toBeVisible()
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1)
    await expect(page.getByTestId('registered-count')).toContainText('1')
  })
})
