import { expect, test } from '@playwright/test'
import { loginViaApi, md5, openAs, openMenu, storedToken, tab, toast } from './support'

test.describe('layout', () => {
  test('tabs: open, close the active one, close others, close all, clear cache', async ({ page }) => {
    await openAs(page, '/wel/index')
    await openMenu(page, '系统管理', '参数管理')
    await expect(page).toHaveURL(/\/system\/param$/)
    await openMenu(page, '系统管理', '字典管理（横向）')
    await openMenu(page, '工作台', '控制台')
    await expect(page).toHaveURL(/\/wel\/dashboard$/)
    const tabs = page.getByTestId('tags-bar').getByRole('tab')
    await expect(tabs).toHaveCount(4)

    // The welcome tab has no close button.
    await expect(tab(page, '首页').getByRole('button')).toHaveCount(0)

    // Closing the active tab activates the previous one.
    await tab(page, '控制台').getByRole('button', { name: '关闭标签' }).click()
    await expect(page).toHaveURL(/\/dict-horizontal\/index$/)
    await expect(tab(page, /字典管理.横向./)).toHaveAttribute('aria-selected', 'true')

    // Right-click menu: close others keeps the welcome and the active tab.
    await tab(page, /字典管理.横向./).click({ button: 'right' })
    await page.getByRole('menuitem', { name: '关闭其他' }).click()
    await expect(tabs).toHaveCount(2)
    await expect(tab(page, '参数管理')).toHaveCount(0)

    // Clear cache asks first, then reports 清除完毕.
    await page.getByRole('button', { name: '标签操作' }).click()
    await page.getByRole('menuitem', { name: '清除缓存' }).click()
    const dialog = page.getByRole('dialog', { name: '提示' })
    await expect(dialog).toContainText('是否需要清除缓存?')
    await dialog.getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '清除完毕')).toBeVisible()

    // Close all returns to the welcome tab.
    await tab(page, /字典管理.横向./).click({ button: 'right' })
    await page.getByRole('menuitem', { name: '关闭全部' }).click()
    await expect(tabs).toHaveCount(1)
    await expect(page).toHaveURL(/\/wel\/index$/)
  })

  test('clear cache as the administrator: the server’s caches and the browser’s', async ({ page }) => {
    await openAs(page, '/wel/index')
    await page.evaluate(() => {
      window.localStorage.setItem('ysjs-cached-answer', JSON.stringify({ content: 'stale' }))
      window.sessionStorage.setItem('ysjs-cached-answer', JSON.stringify({ content: 'stale' }))
    })
    const cleared = page.waitForResponse((r) => r.url().includes('/api/ysjs-auth/oauth/clear-cache'))
    // The menu is asked for again: the data the browser kept is gone.
    const menu = page.waitForResponse((r) => r.url().includes('/api/ysjs-system/menu/routes'))
    await page.getByRole('button', { name: '标签操作' }).click()
    await page.getByRole('menuitem', { name: '清除缓存' }).click()
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    expect((await cleared).status()).toBe(200)
    await menu
    await expect(toast(page, '清除完毕')).toBeVisible()
    expect(await page.evaluate(() => window.localStorage.getItem('ysjs-cached-answer'))).toBeNull()
    expect(await page.evaluate(() => window.sessionStorage.getItem('ysjs-cached-answer'))).toBeNull()
    // Still logged in, same tabs.
    expect(await storedToken(page)).toBeTruthy()
    await expect(page.getByTestId('sidebar').getByRole('button', { name: '系统管理' })).toBeVisible()
  })

  test('clear cache as anyone else: the browser’s caches only, no server call, no error', async ({
    page,
  }) => {
    await loginViaApi(page, 'hr', md5('hr'))
    await page.goto('/wel/index')
    await expect(page.getByTestId('sidebar')).toBeVisible()
    await page.evaluate(() => window.localStorage.setItem('ysjs-cached-answer', '{"content":"stale"}'))
    const serverCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/clear-cache')) {
        serverCalls.push(r.url())
      }
    })
    await page.getByRole('button', { name: '标签操作' }).click()
    await page.getByRole('menuitem', { name: '清除缓存' }).click()
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await expect(toast(page, '清除完毕')).toBeVisible()
    expect(await page.evaluate(() => window.localStorage.getItem('ysjs-cached-answer'))).toBeNull()
    expect(serverCalls).toEqual([])
    await expect(page.locator('.notistack-MuiContent-error')).toHaveCount(0)
    expect(await storedToken(page)).toBeTruthy()
  })

  test('menu search: prefix match on leaf menus, Esc closes, picking navigates', async ({ page }) => {
    await openAs(page, '/wel/index')
    await page.getByRole('button', { name: '搜索菜单' }).click()
    const input = page.getByTestId('menu-search-input')
    await input.fill('参数')
    const results = page.getByTestId('menu-search-results')
    await expect(results.getByRole('button')).toHaveCount(1)
    await expect(results).toContainText('参数管理')
    await input.fill('管理')
    await expect(results).toContainText('没有匹配的菜单')
    await input.fill('系统')
    await expect(results).not.toContainText('系统管理')
    await page.keyboard.press('Escape')
    await expect(input).toBeHidden()

    await page.getByRole('button', { name: '标签操作' }).click()
    await page.getByRole('menuitem', { name: '搜索' }).click()
    await page.getByTestId('menu-search-input').fill('字典管理')
    await page
      .getByTestId('menu-search-results')
      .getByRole('button', { name: /字典管理.纵向./ })
      .click()
    await expect(page).toHaveURL(/\/dict-vertical\/index$/)
    await expect(tab(page, /字典管理.纵向./)).toBeVisible()
  })

  test('lock and unlock', async ({ page }) => {
    await openAs(page, '/system/param')
    await page.getByRole('button', { name: '锁屏' }).click()
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' })
    await dialog.getByLabel('锁屏密码').fill('let-me-in')
    await dialog.getByRole('button', { name: '确定' }).click()
    await expect(page).toHaveURL(/\/lock$/)
    await page.goto('/wel/dashboard')
    await expect(page).toHaveURL(/\/lock$/)
    await page.reload()
    await expect(page).toHaveURL(/\/lock$/)
    await page.getByLabel('锁屏密码').fill('wrong')
    await page.getByRole('button', { name: '解锁' }).click()
    await expect(toast(page, '解锁密码错误,请重新输入')).toBeVisible()
    await page.getByLabel('锁屏密码').fill('let-me-in')
    await page.getByRole('button', { name: '解锁' }).click()
    await expect(page).not.toHaveURL(/\/lock$/)
    await expect(page.getByTestId('sidebar')).toBeVisible()
  })

  test('the language switch translates the shell and is remembered', async ({ page }) => {
    await openAs(page, '/system/param')
    await page.getByTestId('language-switch').getByRole('button', { name: 'EN' }).click()
    await expect(tab(page, 'Home')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible()
    await expect(page.getByRole('columnheader', { name: 'Key' })).toBeVisible()
    await page.reload()
    await expect(tab(page, 'Home')).toBeVisible()
    await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click()
    await expect(tab(page, '首页')).toBeVisible()
    await expect(page.getByRole('columnheader', { name: '参数键名' })).toBeVisible()
  })

  test('a 401 refreshes the token once and retries', async ({ page }) => {
    await loginViaApi(page)
    await page.goto('/wel/index')
    const before = await storedToken(page)
    await page.evaluate(() => {
      const entry = JSON.parse(window.localStorage.getItem('ysjs-token') ?? '{}')
      window.localStorage.setItem(
        'ysjs-token',
        JSON.stringify({ ...entry, content: 'corrupted.token.value' }),
      )
    })
    const refreshed = page.waitForResponse(
      (r) => r.url().includes('grant_type=refresh_token') && r.status() === 200,
    )
    await page.goto('/system/param')
    await refreshed
    // The list loaded with the refreshed token (which parameters fill the first page depends on the seed).
    await expect(page.getByRole('row', { name: /account\./ }).first()).toBeVisible()
    const after = await storedToken(page)
    expect(after).not.toBe('corrupted.token.value')
    expect(after).not.toBe(before)
    await expect(toast(page, '用户令牌过期，请重新登录')).toHaveCount(0)
  })

  test('a failed refresh ends the session with 用户令牌过期，请重新登录', async ({ page }) => {
    await loginViaApi(page)
    await page.evaluate(() => {
      for (const key of ['ysjs-token', 'ysjs-refresh-token']) {
        const entry = JSON.parse(window.localStorage.getItem(key) ?? '{}')
        window.localStorage.setItem(key, JSON.stringify({ ...entry, content: 'corrupted' }))
      }
    })
    await page.goto('/system/param')
    await expect(toast(page, '用户令牌过期，请重新登录')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    expect(await storedToken(page)).toBeNull()
  })

  test('narrow screens hide the sidebar behind the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 })
    await loginViaApi(page)
    await page.goto('/wel/index')
    await expect(page.getByTestId('sidebar')).toBeHidden()
    await page.getByRole('button', { name: '展开菜单' }).click()
    await expect(page.getByTestId('sidebar')).toBeVisible()
  })
})
