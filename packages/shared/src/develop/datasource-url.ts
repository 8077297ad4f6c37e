// Data-source URLs (decision 020): the server connects where an administrator points it, so a URL may
// name a host, a port, a database and an SSL mode, nothing else. node-postgres honours many more
// parameters (`host=` for unix sockets, `sslcert`/`sslkey`/`sslrootcert` paths it reads from the
// server's disk, `password=`, `options=`); the URL is parsed here and the connection built from these
// four parts only, so none of them can reach the driver.

/** SSL modes a data source may ask for; `require` encrypts without checking the certificate. */
export const DATASOURCE_SSL_MODES = ['disable', 'require', 'verify-full'] as const
export type TDatasourceSslMode = (typeof DATASOURCE_SSL_MODES)[number]

export const DATASOURCE_DEFAULT_PORT = 5432

/** Where a data source connects: the only parts of its URL the server uses. */
export type TDatasourceTarget = {
  host: string
  port: number
  database: string
  sslmode: TDatasourceSslMode | null
}

export const DatasourceUrlMsg = {
  BAD: '连接地址格式不正确',
  CREDENTIALS: '连接地址不能包含用户名或密码，请分别填写',
  DATABASE: '连接地址须包含数据库名',
  PORT: '连接地址的端口须在 1 到 65535 之间',
  SSLMODE: `sslmode 只能是 ${DATASOURCE_SSL_MODES.join('、')}`,
  PARAMETER: '连接地址只能包含主机、端口、数据库名和 sslmode 参数',
} as const

const PREFIX = /^(?:jdbc:)?postgres(?:ql)?:\/\/(.*)$/s
const HOST_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})$/
const HOST_V6 = /^\[[0-9A-Fa-f:.]{2,45}\]$/
const DATABASE = /^[A-Za-z0-9_$.-]{1,63}$/

export type TDatasourceUrlResult = { ok: true; target: TDatasourceTarget } | { ok: false; message: string }

/**
 * `postgresql://host[:port]/database[?sslmode=…]` (also `postgres://` and the old platform's `jdbc:`
 * prefix). Percent-escapes, credentials, several hosts and every other parameter are refused.
 */
export const parseDatasourceUrl = (url: string): TDatasourceUrlResult => {
  const fail = (message: string): TDatasourceUrlResult => ({ ok: false, message })
  const m = PREFIX.exec(url.trim())
  if (!m || /[\s%#\\]/.test(m[1]!)) {
    return fail(DatasourceUrlMsg.BAD)
  }
  const [beforeQuery = '', query, ...more] = m[1]!.split('?')
  if (more.length) {
    return fail(DatasourceUrlMsg.BAD)
  }
  const slash = beforeQuery.indexOf('/')
  const authority = slash < 0 ? beforeQuery : beforeQuery.slice(0, slash)
  const path = slash < 0 ? '' : beforeQuery.slice(slash + 1)
  if (authority.includes('@')) {
    return fail(DatasourceUrlMsg.CREDENTIALS)
  }
  const hostPort = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(authority)
  const host = hostPort?.[1] ?? ''
  if (!hostPort || !(HOST_NAME.test(host) || HOST_V6.test(host))) {
    return fail(DatasourceUrlMsg.BAD)
  }
  const port = hostPort[2] === undefined ? DATASOURCE_DEFAULT_PORT : Number(hostPort[2])
  if (port < 1 || port > 65_535) {
    return fail(DatasourceUrlMsg.PORT)
  }
  if (!path) {
    return fail(DatasourceUrlMsg.DATABASE)
  }
  if (!DATABASE.test(path)) {
    return fail(DatasourceUrlMsg.BAD)
  }
  let sslmode: TDatasourceSslMode | null = null
  for (const pair of query === undefined ? [] : query.split('&')) {
    const [key, value, ...rest] = pair.split('=')
    if (key !== 'sslmode' || rest.length || sslmode !== null) {
      return fail(DatasourceUrlMsg.PARAMETER)
    }
    if (!(DATASOURCE_SSL_MODES as readonly string[]).includes(value ?? '')) {
      return fail(DatasourceUrlMsg.SSLMODE)
    }
    sslmode = value as TDatasourceSslMode
  }
  return { ok: true, target: { host: host.toLowerCase(), port, database: path, sslmode } }
}

/**
 * True when two URLs lead to the same server and database with the same SSL mode (the URL's spelling
 * aside): a stored password may only ever be sent where, and as, it was saved for.
 */
export const sameDatasourceTarget = (a: string, b: string): boolean => {
  const x = parseDatasourceUrl(a)
  const y = parseDatasourceUrl(b)
  return (
    x.ok &&
    y.ok &&
    x.target.host === y.target.host &&
    x.target.port === y.target.port &&
    x.target.database === y.target.database &&
    x.target.sslmode === y.target.sslmode
  )
}

/** A URL as answered: credentials a row saved before these rules may still carry are masked. */
export const maskDatasourceUrl = (url: string): string => url.replace(/\/\/[^/?#]*@/, '//******@')
