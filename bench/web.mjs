#!/usr/bin/env node
// Web budgets (printed, not asserted): the login route's initial JavaScript in KB gzipped (budget 250),
// how long the menu takes to appear after a click on 登录 (budget 500 ms) and how long a 200-row page
// of the generic admin grid takes to become interactive (budget 200 ms).
// Runs the built API serving the built web app on a database of its own, drives Debian's Chromium.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..')
const require = createRequire(path.join(root, 'package.json'))
const { chromium } = require('@playwright/test')
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8383)
const BASE = `http://127.0.0.1:${PORT}`
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`
const ROUNDS = 7
const LOGIN_ROUNDS = 5
const DIST = path.join(root, 'apps/web/dist')

const server = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
  env: { ...process.env, E2E_PORT: String(PORT), E2E_DATABASE: 'ysjs_bench_web', E2E_LOG_LEVEL: 'error' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const stop = () => server.exitCode === null && server.kill('SIGTERM')
process.on('exit', stop)

const waitForHealth = async () => {
  const until = Date.now() + 120_000
  while (Date.now() < until) {
    if (server.exitCode !== null) {
      throw new Error('server exited early')
    }
    const ok = await fetch(`${BASE}/api/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) {
      return
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server did not become healthy in 120 s')
}

const api = async (method, url, token, body) => {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: {
      authorization: BASIC,
      'tenant-id': '000000',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = await res.json()
  if (!res.ok) {
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`)
  }
  return json
}

// CPU time of the page's main thread (Chrome's ThreadTime, seconds → ms). Unlike the wall-clock
// figures it hardly moves when other processes compete for the machine's cores (TaskDuration would:
// it is the wall time of the tasks).
const mainThreadMs = async (cdp) => {
  const { metrics } = await cdp.send('Performance.getMetrics')
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) * 1000
}

// A stand-in for React DevTools' hook: counts the components that rendered (mounted, or called their
// render function) in each commit while window.__benchCountRenders is set. Subtrees React skipped keep
// their child pointer and are not walked, as DevTools does. The count does not depend on the load.
const countRendersHook = () => {
  window.__benchRenders = 0
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15])
  const PERFORMED_WORK = 1
  const walk = (fiber) => {
    let n = 0
    const stack = [fiber]
    while (stack.length) {
      const next = stack.pop()
      const prev = next.alternate
      if (COMPONENT_TAGS.has(next.tag) && (prev === null || (next.flags & PERFORMED_WORK) !== 0)) {
        n++
      }
      if (prev === null || next.child !== prev.child) {
        for (let c = next.child; c; c = c.sibling) {
          stack.push(c)
        }
      }
    }
    return n
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onCommitFiberRoot: (_id, root) => {
      if (window.__benchCountRenders) {
        window.__benchRenders += walk(root.current)
      }
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const max = (xs) => Math.max(...xs)

let browser
try {
  await waitForHealth()
  const token = await api(
    'POST',
    '/api/ysjs-auth/oauth/token?tenantId=000000&username=admin&password=21232f297a57a5a743894a0e4a801fc3&grant_type=password&scope=all',
  )
  for (let i = 1; i <= 205; i++) {
    await api('POST', '/api/ysjs-system/param/submit', token.access_token, {
      paramName: `基准参数${i}`,
      paramKey: `bench.param.${String(i).padStart(3, '0')}`,
      paramValue: `value-${i}`,
      remark: '用于测量 200 行表格的渲染时间',
    })
  }

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const newContext = () =>
    browser.newContext({ baseURL: BASE, viewport: { width: 1366, height: 800 }, locale: 'zh-CN' })
  const fillLogin = async (p) => {
    await p.getByLabel('账号').or(p.getByPlaceholder('请输入账号')).first().fill('admin')
    await p.locator('input[type="password"]').first().fill('admin')
  }

  // 0. Login click → the sidebar shows the menu, each round in a fresh context (empty cache, like a
  // user who just opened the login page), counting the menu requests the login makes.
  const loginToMenu = []
  const loginCpu = []
  const routesRequests = []
  const buttonsRequests = []
  for (let round = 0; round < LOGIN_ROUNDS; round++) {
    const ctx = await newContext()
    const p = await ctx.newPage()
    const pcdp = await ctx.newCDPSession(p)
    await pcdp.send('Performance.enable')
    let routes = 0
    let buttons = 0
    p.on('request', (req) => {
      routes += req.url().includes('/api/ysjs-system/menu/routes') ? 1 : 0
      buttons += req.url().includes('/api/ysjs-system/menu/buttons') ? 1 : 0
    })
    await p.goto('/login', { waitUntil: 'networkidle' })
    await fillLogin(p)
    // From the click event itself: Playwright's checks before it clicks are not the app's time.
    await p.evaluate(() => {
      window.__benchStart = undefined
      document.addEventListener(
        'click',
        (e) => {
          window.__benchStart = e.timeStamp
        },
        { capture: true, once: true },
      )
    })
    const cpuBefore = await mainThreadMs(pcdp)
    await p.getByRole('button', { name: '登录' }).click()
    const shown = await p.waitForFunction(
      () =>
        document.querySelector('[data-testid="sidebar"] [data-menu-path]')
          ? performance.now() - window.__benchStart
          : false,
      null,
      { polling: 'raf', timeout: 15_000 },
    )
    loginToMenu.push(await shown.jsonValue())
    loginCpu.push((await mainThreadMs(pcdp)) - cpuBefore)
    await p.waitForLoadState('networkidle')
    routesRequests.push(routes)
    buttonsRequests.push(buttons)
    await ctx.close()
  }

  const context = await newContext()
  await context.addInitScript(countRendersHook)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')

  // 1. The JavaScript the browser loads to show /login (fresh cache).
  const scripts = new Set()
  page.on('response', (res) => {
    if (res.url().endsWith('.js') && res.url().startsWith(BASE)) {
      scripts.add(new URL(res.url()).pathname)
    }
  })
  await page.goto('/login', { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: '登录' }).waitFor()
  const files = [...scripts].map((p) => {
    const raw = fs.readFileSync(path.join(DIST, p))
    return { file: p, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length }
  })
  const loginGzipKb = files.reduce((s, f) => s + f.gzip, 0) / 1024
  const loginRawKb = files.reduce((s, f) => s + f.raw, 0) / 1024
  // The biggest of them, so a regression of the budget shows where it came from.
  for (const f of [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, Number(process.env.BENCH_LOGIN_FILES ?? 8))) {
    console.log(`  login JS: ${(f.gzip / 1024).toFixed(1).padStart(6)} KB gzip  ${f.file}`)
  }

  // 2. A 200-row page of the parameter grid, switched from 10 rows through the page-size select.
  await fillLogin(page)
  await page.getByRole('button', { name: '登录' }).click()
  await page.waitForURL('**/wel/index')
  const render = []
  const idle = []
  const request = []
  const startDelay = []
  const cpu = []
  let componentsRendered = Number.NaN
  page.on('requestfinished', (req) => {
    if (req.url().includes('/param/list') && req.url().includes('size=200') && request.length < ROUNDS) {
      const t = req.timing()
      request.push(t.responseEnd - t.requestStart)
    }
  })
  // The rounds after the timed ones count the components rendered instead (the count's walk of the
  // tree would add to the times).
  for (let round = 0; round < ROUNDS + 1; round++) {
    const counting = round === ROUNDS
    await page.goto('/system/param?size=10')
    await page
      .locator('.MuiDataGrid-row')
      .nth(9)
      .waitFor({ timeout: 15_000 })
      .catch(async (err) => {
        await page.screenshot({ path: '/tmp/bench-web.png' })
        throw err
      })
    await page.getByRole('combobox', { name: /每页行数/ }).click()
    const option = page.getByRole('option', { name: '200', exact: true })
    await option.waitFor()
    await page.keyboard.press('End')
    await page.waitForFunction(() => document.activeElement?.textContent === '200')
    const cpuBefore = await mainThreadMs(cdp)
    await page.evaluate((on) => {
      window.__benchCountRenders = on
      window.__benchRenders = 0
      window.__benchStart = performance.now()
    }, counting)
    await page.keyboard.press('Enter')
    const rendered = await page
      .waitForFunction(
        () => {
          // The page shows 1–200 and its rows are on screen (the grid virtualises long pages).
          const label = document.querySelector(
            '[data-testid="crud-pagination"] .MuiTablePagination-displayedRows',
          )
          const rows = document.querySelectorAll('.MuiDataGrid-row').length
          if (
            /1\D+200/.test(label?.textContent ?? '') &&
            rows > 10 &&
            !document.querySelector('.MuiDataGrid-overlay')
          ) {
            return performance.now() - window.__benchStart
          }
          return false
        },
        null,
        { polling: 'raf', timeout: 15_000 },
      )
      .catch(async (err) => {
        const rows = await page.locator('.MuiDataGrid-row').count()
        await page.screenshot({ path: '/tmp/bench-web.png', fullPage: true })
        throw new Error(`${err.message} (rows in the DOM: ${rows}, url: ${page.url()})`)
      })
    if (counting) {
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
      componentsRendered = await page.evaluate(() => {
        window.__benchCountRenders = false
        return window.__benchRenders
      })
      continue
    }
    render.push(await rendered.jsonValue())
    startDelay.push(
      await page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/param/list') && e.name.includes('size=200'))
          .at(-1)
        return entry ? entry.startTime - window.__benchStart : Number.NaN
      }),
    )
    // Interactive: the main thread is free again (a task queued now runs after the render work).
    idle.push(
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() =>
              setTimeout(() => resolve(performance.now() - window.__benchStart), 0),
            ),
          ),
      ),
    )
    cpu.push((await mainThreadMs(cdp)) - cpuBefore)
  }

  const fmt = (n) => n.toFixed(1)
  console.log('\nWeb budgets (Chromium, 1366×800; figures, not assertions)\n')
  console.log('| measure                                             | value        | budget   |')
  console.log('| --------------------------------------------------- | ------------ | -------- |')
  console.log(
    `| login route initial JS, gzip (${files.length} files)               | ${fmt(loginGzipKb).padStart(7)} KB   | ≤ 250 KB |`,
  )
  console.log(
    `| login route initial JS, raw                         | ${fmt(loginRawKb).padStart(7)} KB   |          |`,
  )
  console.log(
    `| login click → menu visible, median of ${LOGIN_ROUNDS}             | ${fmt(median(loginToMenu)).padStart(7)} ms   | ≤ 500 ms |`,
  )
  console.log(
    `| login click → menu visible, worst                   | ${fmt(max(loginToMenu)).padStart(7)} ms   |          |`,
  )
  console.log(
    `| login click → menu visible: main-thread CPU, median | ${fmt(median(loginCpu)).padStart(7)} ms   |          |`,
  )
  console.log(
    `| menu/routes, menu/buttons requests per login        | ${`${max(routesRequests)}, ${max(buttonsRequests)}`.padStart(7)}      |          |`,
  )
  console.log(
    `| 200-row grid: rows rendered, median of ${ROUNDS}            | ${fmt(median(render)).padStart(7)} ms   |          |`,
  )
  console.log(
    `| 200-row grid: interactive, median of ${ROUNDS}              | ${fmt(median(idle)).padStart(7)} ms   | ≤ 200 ms |`,
  )
  console.log(
    `| 200-row grid: click to request start, median      | ${fmt(median(startDelay)).padStart(7)} ms   |          |`,
  )
  console.log(
    `| 200-row grid: of which the list request, median   | ${fmt(median(request)).padStart(7)} ms   |          |`,
  )
  console.log(
    `| 200-row grid: interactive, worst                    | ${fmt(max(idle)).padStart(7)} ms   |          |`,
  )
  console.log(
    `| 200-row grid: main-thread CPU, median               | ${fmt(median(cpu)).padStart(7)} ms   |          |`,
  )
  console.log(
    `| 200-row grid: React components rendered             | ${String(componentsRendered).padStart(7)}      |          |`,
  )
  console.log(
    '\n(The grid time includes the list request for 200 rows and the render, from the click on 200.)',
  )
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true })
  fs.writeFileSync(
    path.join(root, 'bench/results/web-latest.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        loginGzipKb,
        loginRawKb,
        files,
        loginToMenuMs: loginToMenu,
        loginMainThreadCpuMs: loginCpu,
        menuRequestsPerLogin: { routes: routesRequests, buttons: buttonsRequests },
        renderMs: render,
        interactiveMs: idle,
        mainThreadCpuMs: cpu,
        componentsRendered,
        requestMs: request,
      },
      null,
      2,
    ),
  )
} finally {
  await browser?.close()
  stop()
}
