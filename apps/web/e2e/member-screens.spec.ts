import { type Browser, expect, test } from '@playwright/test'
import { loginViaApi, md5, openMenu } from './support'

/** Issue 24: staff are not offered the member-only screens; a member's home page shows their own figures. */
const openAsUser = async (browser: Browser, account: string, path: string) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('pageerror', (e) => errors.push(e.message))
  await loginViaApi(page, account, md5(account))
  await page.goto(path)
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 })
  return { page, errors }
}

test('admin is not offered 成果申报 nor 问卷管理, and sees the system figures at home', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const { page, errors } = await openAsUser(browser, 'admin', '/wel/index')
  await expect(page.getByTestId('stat-userCount')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('mine-applications')).toHaveCount(0)
  const sidebar = page.getByTestId('sidebar')
  await sidebar.getByRole('button', { name: '问卷调查', exact: true }).click()
  await expect(sidebar.getByRole('button', { name: '调查管理', exact: true })).toBeVisible()
  await expect(sidebar.getByRole('button', { name: '成果申报', exact: true })).toHaveCount(0)
  await expect(sidebar.getByRole('button', { name: '问卷管理', exact: true })).toHaveCount(0)
  // The staff screen of the same group works, with no refusal shown.
  await openMenu(page, '问卷调查', '调查管理')
  await expect(page.locator('main').getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 })
  await page.waitForLoadState('networkidle')
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0)
  await page.screenshot({ path: '/tmp/scra-admin-survey-menu.png' })
  expect(errors).toEqual([])
})

test('a member sees their applications, fillings, registrations and notices at home, and their screens', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const { page, errors } = await openAsUser(browser, 'member', '/wel/index')
  // The home page's code and the charts load on a cold server first.
  await expect(page.getByTestId('mine-applications')).toBeVisible({ timeout: 60_000 })
  for (const card of ['applications', 'surveys', 'registrations', 'notices']) {
    await expect(page.getByTestId(`mine-${card}`)).toBeVisible()
  }
  await expect(page.getByTestId('mine-applications')).toContainText('我的成果申报')
  await expect(page.getByTestId('mine-applications')).toContainText(/进行中 \d+ · 已退回 \d+/)
  await expect(page.getByTestId('stat-userCount')).toHaveCount(0)
  await expect(page.getByText('我的成果申报（按状态）')).toBeVisible()
  // The chart names its series and its unit.
  await expect(page.getByText('数量（项）')).toBeVisible()
  await page.screenshot({ path: '/tmp/scra-member-home.png', fullPage: true })
  const sidebar = page.getByTestId('sidebar')
  await sidebar.getByRole('button', { name: '问卷调查', exact: true }).click()
  await expect(sidebar.getByRole('button', { name: '成果申报', exact: true })).toBeVisible()
  await expect(sidebar.getByRole('button', { name: '问卷管理', exact: true })).toBeVisible()
  expect(errors).toEqual([])
})
