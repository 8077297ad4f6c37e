// Baseline for bench/run.mjs: a bare Fastify server (no auth, no validation, no plugins, no logging) on a
// plain `pg` Pool that issues the same SQL as the product's endpoints, so the difference between the two
// is what the product adds on top of the database work (JWT and token-state checks, hooks, helmet,
// rate limiting, Zod, Prisma). Started by run.mjs as a child process: env PORT, DATABASE_URL,
// DATABASE_POOL_MAX, and for the token check of the list route JWT_SECRET, REDIS_URL, REDIS_PREFIX (the
// API's). Dependencies resolve from apps/api.
import { Buffer } from 'node:buffer'
import { createHash, timingSafeEqual } from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const requireApi = createRequire(path.join(root, 'apps/api/package.json'))
const Fastify = requireApi('fastify')
const pg = requireApi('pg')
const { verify } = requireApi('@node-rs/argon2')
const { Redis } = requireApi('ioredis')
const { createVerifier } = createRequire(requireApi.resolve('@fastify/jwt'))('fast-jwt')

/** The product's client-secret check (prisma/src/secret.ts): `sha256$<salt>$<hash>`, or a legacy plain secret. */
const clientSecretMatches = (secret, stored) => {
  const same = (a, b) => {
    const x = Buffer.from(a)
    const y = Buffer.from(b)
    return x.length === y.length && timingSafeEqual(x, y)
  }
  if (!stored.startsWith('sha256$')) {
    return same(secret, stored)
  }
  const [salt = '', hash = ''] = stored.slice('sha256$'.length).split('$')
  return same(createHash('sha256').update(salt).update('\u0000').update(secret, 'utf8').digest('hex'), hash)
}

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
})

// --- token: the SQL of the password grant (client, user, roles) and one argon2id verification -------

const CLIENT_SQL = 'SELECT * FROM blade_client WHERE client_id = $1 LIMIT 1'
const USER_SQL = 'SELECT * FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0 LIMIT 1'
const ROLES_SQL =
  'SELECT * FROM blade_role WHERE id = ANY($1::bigint[]) AND is_deleted = 0 AND tenant_id = $2 ORDER BY sort ASC'

const splitIds = (csv) =>
  (csv ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,19}$/.test(s))

const token = async (request, reply) => {
  const q = request.query
  const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '')
  const [clientId, secret] = Buffer.from(basic?.[1] ?? '', 'base64')
    .toString('utf8')
    .split(':')
  const client = (await pool.query(CLIENT_SQL, [clientId])).rows[0]
  if (!client || !clientSecretMatches(secret ?? '', client.client_secret)) {
    return reply.code(401).send({ error: 'unauthorized' })
  }
  const tenantId = request.headers['tenant-id'] ?? q.tenantId
  const user = (await pool.query(USER_SQL, [tenantId, q.username])).rows[0]
  if (!user || !(await verify(user.password, String(q.password).toLowerCase()))) {
    return reply.code(400).send({ error: 'invalid_grant' })
  }
  const roles = (await pool.query(ROLES_SQL, [splitIds(user.role_id), user.tenant_id])).rows
  return {
    access_token: 'bare',
    token_type: 'bearer',
    tenant_id: user.tenant_id,
    user_id: String(user.id),
    account: user.account,
    role_id: roles.map((r) => String(r.id)).join(','),
    role_name: roles.map((r) => r.role_alias).join(','),
  }
}

// --- menu routes: the SQL of GET /api/ysjs-system/menu/routes and the same in-memory tree ----------

// Same columns and order as Prisma's `menu.findMany({ where: { isDeleted: 0 }, orderBy: [sort, id] })`
// (all categories; category 1 is kept in memory, as the product does). int8 ids arrive as strings.
const MENUS_SQL = `SELECT id, parent_id AS "parentId", code, name, alias, path, source, sort, category, action,
  is_open AS "isOpen", component, remark, is_deleted AS "isDeleted"
  FROM blade_menu WHERE is_deleted = 0 ORDER BY sort ASC, id ASC`
const ROLE_MENU_SQL = 'SELECT menu_id FROM blade_role_menu WHERE role_id = ANY($1::bigint[])'
const TENANT_SQL = 'SELECT package_id FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0 LIMIT 1'
const PACKAGE_SQL = 'SELECT * FROM blade_tenant_package WHERE id = $1 AND is_deleted = 0 LIMIT 1'
const MENUS_CACHE_MS = 5_000

// The cached variant keeps what the API keeps for the same time: the menus, and per tenant and role set
// what the grants and the package allow (dropped with the menus).
let menuCache = null
const allMenus = async (cached) => {
  if (cached && menuCache && Date.now() - menuCache.at < MENUS_CACHE_MS) {
    return menuCache
  }
  const rows = (await pool.query(MENUS_SQL)).rows
  menuCache = { at: Date.now(), rows, grants: new Map() }
  return menuCache
}

const grantedIds = async (roleIds, tenantId) => {
  let granted = new Set((await pool.query(ROLE_MENU_SQL, [roleIds])).rows.map((r) => r.menu_id))
  const tenant = (await pool.query(TENANT_SQL, [tenantId])).rows[0]
  const pkg = tenant?.package_id ? (await pool.query(PACKAGE_SQL, [tenant.package_id])).rows[0] : undefined
  if (pkg) {
    const allowed = new Set(splitIds(pkg.menu_id))
    granted = new Set([...granted].filter((id) => allowed.has(id)))
  }
  return granted
}

const withAncestors = (menus, selected) => {
  const byId = new Map(menus.map((m) => [m.id, m]))
  const out = new Set()
  for (const id of selected) {
    let node = byId.get(id)
    while (node && !out.has(node.id)) {
      out.add(node.id)
      node = node.parentId === '0' ? undefined : byId.get(node.parentId)
    }
  }
  return out
}

const buildTree = (rows) => {
  const nodes = new Map(rows.map((r) => [r.id, { ...r }]))
  const roots = []
  for (const row of rows) {
    const node = nodes.get(row.id)
    const parent = row.parentId === '0' ? undefined : nodes.get(row.parentId)
    if (parent && parent !== node) {
      parent.children ??= []
      parent.children.push(node)
    } else {
      roots.push(node)
    }
  }
  return roots
}

// Who asks comes in the query string (no auth here): roleIds (csv), administrator (1/0), tenantId.
const routes = (cached) => async (request) => {
  const q = request.query
  const roleIds = splitIds(q.roleIds)
  const tenantId = q.tenantId ?? '000000'
  const snapshot = await allMenus(cached)
  const menus = snapshot.rows.filter((m) => m.category === 1)
  let granted
  if (q.administrator === '1') {
    granted = new Set(menus.map((m) => m.id))
  } else if (cached) {
    const key = `${tenantId}|${roleIds.join(',')}`
    granted = snapshot.grants.get(key)
    if (!granted) {
      granted = await grantedIds(roleIds, tenantId)
      snapshot.grants.set(key, granted)
    }
  } else {
    granted = await grantedIds(roleIds, tenantId)
  }
  const ids = withAncestors(menus, granted)
  return { code: 200, success: true, data: buildTree(menus.filter((m) => ids.has(m.id))), msg: '操作成功' }
}

// --- list: the SQL of GET /api/ysjs-system/param/list (generic CRUD page, typed SQL: decision 024) ----

// As the API issues them: the page (the record's columns), then, the page being full, the count
// bounded at 10,001 rows.
const PARAM_PAGE_SQL = `SELECT "id", "param_name", "param_key", "param_value", "remark", "create_user",
  "create_dept", "create_time", "update_user", "update_time", "status", "is_deleted"
  FROM "blade_param" WHERE "is_deleted" = $1 ORDER BY "create_time" DESC, "id" DESC LIMIT $2 OFFSET $3`
const PARAM_COUNT_SQL =
  'SELECT count(*)::int AS n FROM (SELECT 1 FROM "blade_param" WHERE "is_deleted" = $1 LIMIT $2) s'
const LIST_COUNT_LIMIT = 10_000

const pad = (n) => String(n).padStart(2, '0')
/** The API's wire format for dates: `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (UTC+8, no DST). */
const formatDateTime = (d) => {
  const t = new Date(d.getTime() + 8 * 3600 * 1000)
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
}

const pageNumber = (raw, fallback) => {
  const n = Number(raw ?? fallback)
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : fallback
}

const paramPage = async (request) => {
  const current = pageNumber(request.query.current, 1)
  const size = pageNumber(request.query.size, 10)
  const page = await pool.query(PARAM_PAGE_SQL, [0, size, (current - 1) * size])
  const counted =
    page.rows.length < size ? null : (await pool.query(PARAM_COUNT_SQL, [0, LIST_COUNT_LIMIT + 1])).rows[0].n
  const total = counted ?? (current - 1) * size + page.rows.length
  const records = page.rows.map((r) => ({
    id: r.id,
    paramName: r.param_name,
    paramKey: r.param_key,
    paramValue: r.param_value,
    remark: r.remark,
    createUser: r.create_user,
    createDept: r.create_dept,
    createTime: formatDateTime(r.create_time),
    updateUser: r.update_user,
    updateTime: r.update_time ? formatDateTime(r.update_time) : null,
    status: r.status,
    isDeleted: r.is_deleted,
  }))
  const pages = Math.ceil(total / size)
  const exact = total <= LIST_COUNT_LIMIT
  return {
    code: 200,
    success: true,
    data: { records, total, size, current, pages, orders: [], searchCount: true, totalExact: exact },
    msg: '操作成功',
  }
}

// The minimum of the API's token check: the HS256 signature and expiry, then the token's live state in
// Redis (token state on), compared with the claims. No permission lookup: the bench's user is the
// administrator, who holds every permission without one.
const redis = process.env.REDIS_URL
  ? new Redis(process.env.REDIS_URL, { keyPrefix: process.env.REDIS_PREFIX ?? '', lazyConnect: true })
  : null
const verifyJwt = process.env.JWT_SECRET
  ? createVerifier({ key: process.env.JWT_SECRET, algorithms: ['HS256'] })
  : null

const checkToken = async (request, reply) => {
  const raw = String(request.headers['blade-auth'] ?? '').replace(/^bearer\s+/i, '')
  let claims
  try {
    claims = verifyJwt(raw)
  } catch {
    return reply.code(401).send({ code: 401, success: false, data: null, msg: '请求未授权' })
  }
  const state = JSON.parse((await redis.get(`auth:token:${claims.jti}`)) ?? 'null')
  const same =
    state?.user === claims.user_id &&
    state.tenant === claims.tenant_id &&
    state.roleIds === claims.role_id &&
    state.roles === claims.authorities.join(',')
  if (!same) {
    return reply.code(401).send({ code: 401, success: false, data: null, msg: '令牌已失效' })
  }
}

const app = Fastify({ logger: false })
app.post('/bare/token', token)
app.get('/bare/routes', routes(false))
app.get('/bare/routes-cached', routes(true))
app.get('/bare/param/list', paramPage)
if (redis && verifyJwt) {
  app.get('/bare/param/list-token', { onRequest: checkToken }, paramPage)
}
app.get('/bare/health', async () => ({ status: 'ok' }))

const shutdown = async () => {
  await app.close().catch(() => {})
  await pool.end().catch(() => {})
  redis?.disconnect()
  process.exit(0)
}
process.once('SIGTERM', shutdown)
process.once('SIGINT', shutdown)

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
