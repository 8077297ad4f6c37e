import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createRole, createUser, loginAs } from './helpers/authority.ts'
import { buildFaultApp } from './helpers/faults.ts'

/**
 * Two API instances on one database and Redis (issue 27): a grant changed through one reaches the
 * other's permission and menu caches within 1 s, not after their 5 s lifetime (decision 007).
 */
let t: TTestApp
let second: FastifyInstance
let admin: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  second = await buildFaultApp({ DATABASE_URL: t.databaseUrl, REDIS_PREFIX: t.redisPrefix })
  admin = auth((await login(t.app, 'admin')).access_token)
})
afterAll(async () => {
  await second.close()
  await t.close()
})

const get = (app: FastifyInstance, url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url, headers })

/** Polls `probe` every 25 ms until it holds; answers how long that took (ms), or fails after `ms`. */
const within = async (ms: number, probe: () => Promise<boolean>): Promise<number> => {
  const started = performance.now()
  for (;;) {
    if (await probe()) {
      return performance.now() - started
    }
    if (performance.now() - started > ms) {
      throw new Error(`not within ${ms} ms`)
    }
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('cache invalidation across instances', () => {
  it('a grant removed on one instance is refused by the other within 1 s, and its menu is gone there too', async () => {
    const role = await createRole(t.app, { alias: 'broadcast_reader', menuCodes: ['param'] })
    await createUser(t.app, { account: 'broadcast_user', roleIds: [role] })
    const user = await loginAs(t.app, 'broadcast_user')
    // The second instance caches the role's codes and menu tree.
    expect((await get(second, '/api/ysjs-system/param/list', user)).statusCode).toBe(200)
    const before = await get(second, '/api/ysjs-system/menu/routes', user)
    expect(before.body).toContain('/system/param')

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/role/grant',
      headers: admin,
      payload: { roleIds: [String(role)], menuIds: [], dataScopeIds: [], apiScopeIds: [] },
    })
    expect(changed.json()).toMatchObject({ code: 200, success: true })
    const refusedAfter = await within(1_000, async () => {
      return (await get(second, '/api/ysjs-system/param/list', user)).statusCode === 403
    })
    expect(refusedAfter).toBeLessThanOrEqual(1_000)
    expect((await get(second, '/api/ysjs-system/menu/routes', user)).body).not.toContain('/system/param')
  })
})
