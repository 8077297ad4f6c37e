import { type Browser, expect, type Page, test } from '@playwright/test'
import { loginViaApi, md5 } from './support'

/**
 * Issue 24: every menu screen of admin, member and hr opens cleanly. The menus are read from the API's
 * menu tree of each account (GET menu/routes, what the sidebar shows); each leaf is opened inside the
 * running app (as a sidebar click does) and the screen fails on a console error, a page error, a failed
 * call, the under-construction placeholder or an untranslated i18n key left on screen; the tag bar keeps
 * the active screen's tag in view once the tags overflow.
 *
 * SCREENS_SHOTS=<dir> also saves a screenshot of each screen there.
 */

type TMenuNode = { path?: string | null; name: string; children?: TMenuNode[] }

const leaves = (nodes: TMenuNode[]): { path: string; name: string }[] =>
  nodes.flatMap((n) =>
    n.children?.length
      ? leaves(n.children)
      : n.path && !n.path.startsWith('http')
        ? [{ path: n.path, name: n.name }]
        : [],
  )

/** A text left as an i18n key: a dotted lower-camel path such as `appraise.field.name`. */
const I18N_KEY = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/
/** Dotted texts that are data, not keys (file names, hosts). */
const NOT_A_KEY = /\.(docx?|xlsx?|pdf|zip|png|jpe?g|gif|txt|csv|json|xml|bpmn|html?|com|cn|net|org)$/i

/** Texts of the screen (text nodes, placeholders, labels) that read as untranslated keys or placeholders. */
const suspectTexts = (page: Page) =>
  page.locator('main').evaluate(
    (main, patterns) => {
      const key = new RegExp(patterns.key)
      const notKey = new RegExp(patterns.notKey, 'i')
      const found: string[] = []
      const check = (raw: string | null | undefined, data = false) => {
        const text = (raw ?? '').trim()
        if (!text) {
          return
        }
        if (/建设中|under construction/i.test(text)) {
          found.push(`placeholder: ${text}`)
        } else if (!data && key.test(text) && !notKey.test(text)) {
          found.push(`i18n key: ${text}`)
        }
      }
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A cell holds data (a parameter's key reads like an i18n key); its labels are caught by the
        // missing-key message the app logs as a console error.
        check(node.textContent, !!node.parentElement?.closest('[role="gridcell"], td'))
      }
      for (const el of Array.from(main.querySelectorAll('[placeholder],[aria-label],[title]'))) {
        check(el.getAttribute('placeholder'))
        check(el.getAttribute('aria-label'))
        check(el.getAttribute('title'))
      }
      return found
    },
    { key: I18N_KEY.source, notKey: NOT_A_KEY.source },
  )

/** Waits until no API call is in flight for a moment and nothing in the screen is loading. */
const settle = async (page: Page, inFlight: () => number) => {
  const started = Date.now()
  let quietSince = Date.now()
  while (Date.now() - started < 20_000) {
    await page.waitForTimeout(100)
    if (inFlight() > 0) {
      quietSince = Date.now()
    } else if (Date.now() - quietSince >= 400) {
      break
    }
  }
  await expect(page.locator('main [role="progressbar"]')).toHaveCount(0, { timeout: 20_000 })
}

const openEveryScreen = async (browser: Browser, account: string) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const problems: string[] = []
  let current = '(login)'
  let inFlight = 0
  page.on('console', (m) => {
    if (m.type() === 'error') {
      problems.push(`${current} console: ${m.text()}`)
    }
  })
  page.on('pageerror', (e) => problems.push(`${current} page error: ${e.message}`))
  page.on('request', (r) => {
    if (r.url().includes('/api/')) {
      inFlight += 1
    }
  })
  const done = (url: string) => {
    if (url.includes('/api/')) {
      inFlight = Math.max(0, inFlight - 1)
    }
  }
  page.on('requestfinished', (r) => done(r.url()))
  page.on('requestfailed', (r) => {
    done(r.url())
    // A call cut short by leaving the screen is not a failure of the screen.
    if (!/ERR_ABORTED|NS_BINDING_ABORTED/.test(r.failure()?.errorText ?? '')) {
      problems.push(`${current} call failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`)
    }
  })
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) {
      problems.push(`${current} call answered ${r.status()}: ${r.request().method()} ${r.url()}`)
    }
  })

  await loginViaApi(page, account, md5(account))
  const stored = await page.evaluate(() => window.localStorage.getItem('ysjs-menu'))
  const menus = (JSON.parse(stored ?? '{}') as { content?: TMenuNode[] }).content ?? []
  const screens = leaves(menus)
  expect(screens.length).toBeGreaterThan(0)
  await page.goto('/wel/index')
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 })
  current = '/wel/index'
  await settle(page, () => inFlight)

  const shots = process.env.SCREENS_SHOTS
  for (const screen of screens) {
    current = `${account} ${screen.path} ${screen.name}`
    // Inside the running app, as a sidebar click navigates (no reload per screen).
    await page.evaluate((path) => {
      window.history.pushState({}, '', path)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, screen.path)
    await expect(page).toHaveURL(new RegExp(`${screen.path.replace(/[/.]/g, '\\$&')}`))
    await settle(page, () => inFlight)
    // The tags overflow after a dozen screens: the active one is scrolled into view.
    await expect(page.getByTestId('tags-bar').getByRole('tab', { selected: true })).toBeInViewport()
    for (const text of await suspectTexts(page)) {
      problems.push(`${current} ${text}`)
    }
    if (shots) {
      await page.screenshot({ path: `${shots}/${account}${screen.path.replace(/\//g, '_')}.png` })
    }
  }
  await context.close()
  return { count: screens.length, problems }
}

for (const account of ['admin', 'member', 'hr']) {
  test(`${account} opens every menu screen without an error, a failed call, a placeholder or a raw key`, async ({
    browser,
  }) => {
    test.setTimeout(240_000)
    const { count, problems } = await openEveryScreen(browser, account)
    // hr's menus are what the role grants when this runs (authority.spec changes them): at least
    // the home page and one screen.
    expect(count).toBeGreaterThan(account === 'admin' ? 80 : 1)
    expect(problems).toEqual([])
  })
}
