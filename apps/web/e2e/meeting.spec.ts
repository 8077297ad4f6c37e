import { expect, type Page, test } from '@playwright/test'
import { openAs, openMenu, toast, unique } from './support'

const SHOTS = '/tmp/meeting-shots'

/** Types digits into the date-time field labelled `label` (sections: year … seconds). */
const typeDateTime = async (page: Page, label: string, digits: string) => {
  await page.getByRole('dialog').getByRole('group', { name: label }).getByRole('spinbutton').first().click()
  await page.keyboard.type(digits)
}

const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}

test.describe('meetings', () => {
  test('create a meeting, open it, register two attendees in the member centre, allocate rooms, export invoicing', async ({
    page,
  }) => {
    // Many steps on shared cores: the whole flow gets five minutes.
    test.setTimeout(300_000)
    const name = unique('有色金属技术交流会')
    await openAs(page, '/wel/index')
    await openMenu(page, '会议管理', '会议信息')
    await expect(page).toHaveURL(/\/meeting\/meeting/)
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('会议名称').fill(name)
    await typeDateTime(page, '开始时间', '20260511090000')
    await typeDateTime(page, '结束时间', '20260512180000')
    await dialog.getByLabel('会议地点').fill('长沙')
    await dialog.getByLabel('金额(元)').fill('800')
    await page.screenshot({ path: `${SHOTS}/meeting-form.png` })
    await dialog.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '新增成功')).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/meeting-saved.png` })
    const row = page.locator('.MuiDataGrid-row', { hasText: name })
    await expect(row).toContainText('筹备中')

    // Open it: 报名中, on the shelf.
    await row.getByRole('button', { name: '变更为 报名中' }).click()
    await expect(row).toContainText('报名中')
    await row.getByRole('button', { name: '上架' }).click()
    await expect(row).toContainText('已上架')
    await page.screenshot({ path: `${SHOTS}/meeting-list.png` })

    // Two attendees from the member centre.
    await page.goto('/topMember')
    const item = page.getByRole('listitem').filter({ hasText: name })
    for (const [person, phone] of [
      ['张三丰', '13812340001'],
      ['李四海', '13812340002'],
    ] as const) {
      await item.getByRole('button', { name: '我要报名' }).click()
      await dialog.getByLabel('姓名').fill(person)
      await dialog.getByLabel('单位名称').fill('中南大学')
      await dialog.getByLabel('联系电话').fill(phone)
      // Arrival and departure default to the meeting's start and end.
      await expect(dialog.getByRole('group', { name: '到达时间' })).toContainText('2026')
      await dialog.getByLabel('到达站点').fill('长沙南站')
      await dialog.getByLabel('发票抬头').fill('中南大学')
      await dialog.getByLabel('纳税人识别号').fill('12430000444877024R')
      await dialog.getByRole('button', { name: '确定' }).click()
      await expect(toast(page, '新增成功')).toBeVisible()
    }
    await expect(page.getByTestId('my-registration')).toHaveCount(2)
    await page.screenshot({ path: `${SHOTS}/member-centre.png` })

    // Rooms: the two men of the same unit share one.
    await page.goto('/allocationList')
    await choose(page, '选择会议', name)
    await page.getByRole('button', { name: '智能分配' }).click()
    await expect(toast(page, '分配完成')).toBeVisible()
    const room = page.getByTestId('room')
    await expect(room).toHaveCount(1)
    await expect(room).toContainText('张三丰')
    await expect(room).toContainText('李四海')
    await page.screenshot({ path: `${SHOTS}/allocation.png` })

    // Registration status and the invoicing export.
    await page.goto('/registrationStatus')
    await choose(page, '选择会议', name)
    await expect(page.getByTestId('registered-count')).toContainText('2')
    await page.screenshot({ path: `${SHOTS}/registration-status.png` })
    await page.goto('/meeting/registeredmeeting')
    await choose(page, '选择会议', name)
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(2)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出开票信息' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
    const file = await download.path()
    const { readFile } = await import('node:fs/promises')
    const bytes = await readFile(file)
    // An xlsx is a zip archive.
    expect(bytes.subarray(0, 2).toString()).toBe('PK')
    await page.screenshot({ path: `${SHOTS}/registrations.png` })
  })
})
