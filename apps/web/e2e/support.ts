import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'

export const TENANT = '000000'
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`
const md5Of: Record<string, string> = {
  admin: '21232f297a57a5a743894a0e4a801fc3',
}

type TToken = Record<string, unknown> & { access_token: string; refresh_token: string; tenant_id: string }

const entry = (content: unknown) =>
  JSON.stringify({ dataType: typeof content, content, datetime: Date.now() })

/** A unique suffix, so reruns against the same database never collide. */
export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** Logs in through the API and stores the session the way the login page does. */
export const loginViaApi = async (page: Page, account = 'admin', passwordMd5 = md5Of.admin) => {
  const res = await page.request.post('/api/ysjs-auth/oauth/token', {
    params: {
      tenantId: TENANT,
      username: account,
      password: passwordMd5 ?? '',
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    headers: { Authorization: BASIC, 'Tenant-Id': TENANT },
  })
  expect(res.ok()).toBeTruthy()
  const token = (await res.json()) as TToken
  const auth = { Authorization: BASIC, 'Blade-Auth': `bearer ${token.access_token}` }
  const menus = (await (await page.request.get('/api/ysjs-system/menu/routes', { headers: auth })).json())
    .data
  const buttons = (await (await page.request.get('/api/ysjs-system/menu/buttons', { headers: auth })).json())
    .data
  const { access_token, refresh_token, ...user } = token
  const items: Record<string, string> = {
    'ysjs-token': entry(access_token),
    'ysjs-refresh-token': entry(refresh_token),
    'ysjs-tenant-id': entry(token.tenant_id),
    'ysjs-user-info': entry(user),
    'ysjs-menu': entry(menus),
    'ysjs-buttons': entry(buttons),
  }
  await page.goto('/404')
  await page.evaluate((all) => {
    for (const [k, v] of Object.entries(all)) {
      window.localStorage.setItem(k, v)
    }
  }, items)
  return token
}

/** Opens a page after an API login and waits for the layout. */
export const openAs = async (page: Page, path: string) => {
  await loginViaApi(page)
  await page.goto(path)
  await expect(page.getByTestId('sidebar')).toBeVisible()
}

export const storedToken = (page: Page) =>
  page.evaluate(() => {
    const raw = window.localStorage.getItem('ysjs-token')
    return raw === null ? null : (JSON.parse(raw) as { content: string }).content
  })

/**
 * Types a date or date-time into the picker labelled `label` (the shared DateField): its sections take
 * the digits in order, so `2026-01-05 09:30` fills year … minutes, replacing what was there. A moment is
 * typed to the minute (the field has no seconds section): given seconds must be :00.
 */
export const typeDate = async (
  scope: Page | ReturnType<Page['locator']>,
  page: Page,
  label: string,
  value: string,
) => {
  await scope.getByRole('group', { name: label }).getByRole('spinbutton').first().click()
  const digits = value.replace(/\D/g, '')
  if (digits.length === 14 && !digits.endsWith('00')) {
    throw new Error(`typeDate: the picker takes minutes, not seconds (${value})`)
  }
  await page.keyboard.type(digits.slice(0, 12))
}

/**
 * Clicks a row's action (the 操作 column, RowActions): a labelled button, or an item of its ⋯ menu.
 */
export const rowAction = async (row: Locator, name: string | RegExp) => {
  // The row's actions are rendered together: wait for them before looking for the one named.
  await row.getByRole('button').first().waitFor()
  const button = row.getByRole('button', { name, exact: true }).first()
  if ((await button.count()) > 0) {
    await button.click()
    return
  }
  await row.getByRole('button', { name: '更多' }).click()
  await row.page().getByRole('menuitem', { name, exact: true }).first().click()
}

export const toast = (page: Page, text: string) => page.locator('#notistack-snackbar', { hasText: text })

export const tab = (page: Page, name: string | RegExp) =>
  page.getByTestId('tags-bar').getByRole('tab', { name })

/** Clicks a sidebar leaf under its group. */
export const openMenu = async (page: Page, group: string, leaf: string) => {
  const sidebar = page.getByTestId('sidebar')
  const leafButton = sidebar.getByRole('button', { name: leaf, exact: true })
  if (!(await leafButton.isVisible())) {
    await sidebar.getByRole('button', { name: group, exact: true }).click()
  }
  await leafButton.click()
}

export const md5 = (plain: string) => createHash('md5').update(plain).digest('hex')

/**
 * A password grant sent from another loopback address (127.0.0.x): the API, which takes the client
 * address from the socket, sees a different source than the browser's 127.0.0.1. Answers the status.
 */
export const passwordGrantFrom = (
  baseURL: string,
  localAddress: string,
  account: string,
  plain: string,
): Promise<number> => {
  const url = new URL('/api/ysjs-auth/oauth/token', baseURL)
  const query = new URLSearchParams({
    tenantId: TENANT,
    username: account,
    password: md5(plain),
    grant_type: 'password',
    scope: 'all',
  })
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}?${query}`,
        method: 'POST',
        localAddress,
        headers: { Authorization: BASIC, 'Tenant-Id': TENANT },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** The text of a captcha, read where the server keeps it (the test cannot read the image). */
export const captchaText = async (baseURL: string, key: string): Promise<string> => {
  const port = new URL(baseURL).port
  const file = path.join(os.tmpdir(), `ysjs-e2e-${port}.json`)
  const { redisUrl, redisPrefix } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    redisUrl: string
    redisPrefix: string
  }
  // ioredis is the API's dependency, not the web app's.
  const require = createRequire(path.resolve(import.meta.dirname, '../../api/package.json'))
  const { Redis } = require('ioredis') as {
    Redis: new (
      url: string,
      options: { keyPrefix: string; lazyConnect: boolean },
    ) => {
      connect: () => Promise<void>
      get: (key: string) => Promise<string | null>
      disconnect: () => void
    }
  }
  const redis = new Redis(redisUrl, { keyPrefix: redisPrefix, lazyConnect: true })
  try {
    await redis.connect()
    const text = await redis.get(`auth:captcha:${key}`)
    expect(text, `captcha ${key} is not in Redis`).toBeTruthy()
    return text as string
  } finally {
    redis.disconnect()
  }
}
