import { describe, expect, it } from 'vitest'
import {
  DatasourceUrlMsg,
  maskDatasourceUrl,
  parseDatasourceUrl,
  sameDatasourceTarget,
  ZDatasourceSubmitSchema,
} from '../src/index.ts'

const messageOf = (url: string) => {
  const r = parseDatasourceUrl(url)
  return r.ok ? null : r.message
}

describe('data-source URLs', () => {
  it('takes host, port, database and sslmode, in the plain and the old JDBC forms', () => {
    expect(parseDatasourceUrl('jdbc:postgresql://DB.Example.com:6432/erp_1?sslmode=require')).toEqual({
      ok: true,
      target: { host: 'db.example.com', port: 6432, database: 'erp_1', sslmode: 'require' },
    })
    expect(parseDatasourceUrl('postgres://10.0.0.5/erp')).toEqual({
      ok: true,
      target: { host: '10.0.0.5', port: 5432, database: 'erp', sslmode: null },
    })
    expect(parseDatasourceUrl('postgresql://[::1]:5433/erp')).toMatchObject({
      ok: true,
      target: { host: '[::1]', port: 5433 },
    })
  })

  it('refuses credentials, socket paths, file parameters and anything but sslmode', () => {
    expect(messageOf('postgresql://u:pw@h/db')).toBe(DatasourceUrlMsg.CREDENTIALS)
    expect(messageOf('postgresql://u@h/db')).toBe(DatasourceUrlMsg.CREDENTIALS)
    for (const query of [
      'host=/var/run/postgresql',
      'sslcert=/etc/passwd',
      'sslkey=/etc/shadow',
      'sslrootcert=/x',
      'password=x',
      'options=-c%20x',
      'application_name=x',
      'sslmode=require&sslmode=disable',
    ]) {
      expect(messageOf(`postgresql://h/db?${query}`), query).not.toBeNull()
    }
    expect(messageOf('postgresql://h/db?sslcert=/etc/passwd')).toBe(DatasourceUrlMsg.PARAMETER)
    expect(messageOf('postgresql://h/db?sslmode=prefer')).toBe(DatasourceUrlMsg.SSLMODE)
    expect(messageOf('postgresql://h:0/db')).toBe(DatasourceUrlMsg.PORT)
    expect(messageOf('postgresql://h:70000/db')).toBe(DatasourceUrlMsg.PORT)
    expect(messageOf('postgresql://h')).toBe(DatasourceUrlMsg.DATABASE)
    expect(messageOf('postgresql://h/')).toBe(DatasourceUrlMsg.DATABASE)
    for (const bad of [
      'postgresql://%C3@h/db',
      'postgresql://h/d%20b',
      'postgresql:///db',
      'postgresql://%2Fvar%2Frun/db',
      'postgresql://h1,h2/db',
      'postgresql://h/db/x',
      'postgresql://h/db#x',
      'mysql://h/db',
      'postgresql://h /db',
    ]) {
      expect(messageOf(bad), bad).not.toBeNull()
    }
  })

  it('answers the message through the submit schema, and unescapes &amp; first', () => {
    const base = { name: 'x', username: 'u' }
    const refused = ZDatasourceSubmitSchema.safeParse({ ...base, url: 'postgresql://u:pw@h/db' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toBe(DatasourceUrlMsg.CREDENTIALS)
    const dup = ZDatasourceSubmitSchema.safeParse({
      ...base,
      url: 'postgresql://h/db?sslmode=disable&amp;sslmode=require',
    })
    expect(dup.error?.issues[0]?.message).toBe(DatasourceUrlMsg.PARAMETER)
  })

  it('compares targets and masks credentials of old rows', () => {
    expect(sameDatasourceTarget('jdbc:postgresql://H:5432/db', 'postgresql://h/db')).toBe(true)
    expect(sameDatasourceTarget('postgresql://h/db', 'postgresql://h:5433/db')).toBe(false)
    expect(sameDatasourceTarget('postgresql://h/db', 'postgresql://h/other')).toBe(false)
    expect(sameDatasourceTarget('postgresql://h/db?sslmode=require', 'postgresql://h/db')).toBe(false)
    expect(sameDatasourceTarget('', 'postgresql://h/db')).toBe(false)
    expect(maskDatasourceUrl('postgresql://u:pw@h/db')).toBe('postgresql://******@h/db')
    expect(maskDatasourceUrl('postgresql://h/db')).toBe('postgresql://h/db')
  })
})
