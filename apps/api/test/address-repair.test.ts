import fs from 'node:fs/promises'
import { nextId } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TENANT, type TTestApp } from './helpers/app.ts'

/** The migration repairing addresses saved with the province twice (issue 24), run again on rows made so. */
const MIGRATION = new URL(
  '../../../prisma/migrations/20261128134000_address_province_once/migration.sql',
  import.meta.url,
)
let t: TTestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const repair = async () => {
  const sql = await fs.readFile(MIGRATION, 'utf8')
  for (const statement of sql.split(/;\s*$/m).filter((s) => s.replace(/--.*$/gm, '').trim())) {
    await t.app.prisma.$executeRawUnsafe(statement)
  }
}

describe('address repair migration', () => {
  it('leaves a doubled province once, touches nothing else, and changes nothing when run again', async () => {
    const resultsId = nextId()
    const units: [bigint, string][] = [
      [nextId(), '江西省江西省鹰潭市月湖区林荫路1号'],
      [nextId(), '广西壮族自治区广西壮族自治区南宁市'],
      [nextId(), '北京市海淀区学院路'],
      [nextId(), '鹰潭市江西省路1号'],
      [nextId(), '江西省湖南省长沙市'],
    ]
    for (const [id, address] of units) {
      await t.app.prisma.resultsUnit.create({
        data: { id, tenantId: TENANT, resultsId, unitName: '测试单位', address },
      })
    }
    const principal = nextId()
    await t.app.prisma.resultsPrincipal.create({
      data: {
        id: principal,
        tenantId: TENANT,
        resultsId,
        unitName: '委托单位',
        address: '湖南省湖南省株洲市',
      },
    })
    const read = async () => ({
      units: (
        await t.app.prisma.resultsUnit.findMany({
          where: { resultsId },
          orderBy: { id: 'asc' },
          select: { address: true },
        })
      ).map((u) => u.address),
      principal: (await t.app.prisma.resultsPrincipal.findUniqueOrThrow({ where: { id: principal } }))
        .address,
    })
    await repair()
    const once = await read()
    expect(once).toEqual({
      units: [
        '江西省鹰潭市月湖区林荫路1号',
        '广西壮族自治区南宁市',
        '北京市海淀区学院路',
        '鹰潭市江西省路1号',
        '江西省湖南省长沙市',
      ],
      principal: '湖南省株洲市',
    })
    await repair()
    expect(await read()).toEqual(once)
  })
})
