import { nextId, type Prisma } from '@ysjs/db'
import { APPRAISE_DEFAULTS, ResultsMsg, type TResultsVOSubmit } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { LIVE, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import type { TTenantDb } from '../../lib/tenancy.ts'

/** A transaction of the tenant's client. */
export type TTx = Parameters<Parameters<TTenantDb['$transaction']>[0]>[0]

/** The answers of an application's unit, person and principal rows (one shape for every call). */
export const unitRecord = (u: Prisma.ResultsUnitGetPayload<object>) => ({
  id: u.id,
  resultsId: u.resultsId,
  unitName: u.unitName,
  postcode: u.postcode,
  address: u.address,
  name: u.name,
  phone: u.phone,
  sort: u.sort,
})
export const peopleRecord = (p: Prisma.ResultsPeopleGetPayload<object>, unitName: Map<bigint, string>) => ({
  id: p.id,
  resultsId: p.resultsId,
  name: p.name,
  sex: p.sex,
  birthTime: p.birthTime,
  jobName: p.jobName,
  educationalLevel: p.educationalLevel,
  workUnit: p.workUnit,
  workUnitName: p.workUnit ? (unitName.get(p.workUnit) ?? '') : '',
  contribution: p.contribution,
  sort: p.sort,
})
export const principalRecord = (p: Prisma.ResultsPrincipalGetPayload<object>) => ({
  id: p.id,
  resultsId: p.resultsId,
  unitName: p.unitName,
  dutyNumber: p.dutyNumber,
  legalPerson: p.legalPerson,
  address: p.address,
  agent: p.agent,
  phone: p.phone,
  name: p.name,
  cardNumber: p.cardNumber,
  postcode: p.postcode,
  accountNumber: p.accountNumber,
  fax: p.fax,
  personMail: p.personMail,
})

/** The units, people and principal of an application, in their order. */
export const rowsOf = async (d: TTx | TTenantDb, resultsId: bigint) => {
  const where = { resultsId, ...LIVE }
  const order = [{ sort: 'asc' as const }, { id: 'asc' as const }]
  const [units, people, principal] = await Promise.all([
    d.resultsUnit.findMany({ where, orderBy: order }),
    d.resultsPeople.findMany({ where, orderBy: order }),
    d.resultsPrincipal.findFirst({ where }),
  ])
  const unitName = new Map(units.map((u) => [u.id, u.unitName]))
  return {
    unitEntityList: units.map(unitRecord),
    peopleEntityList: people.map((p) => peopleRecord(p, unitName)),
    principal: principal ? principalRecord(principal) : null,
  }
}

/**
 * Makes the live rows of one kind match `wanted`, in its order: an item naming one of them changes it,
 * any other is created; the rows no item names are removed. Answers each item's row id.
 */
const matchRows = async <T extends { id?: string }>(
  existing: { id: bigint }[],
  wanted: T[],
  write: {
    change(id: bigint, item: T, sort: number): Promise<unknown>
    create(id: bigint, item: T, sort: number): Promise<unknown>
    remove(ids: bigint[]): Promise<unknown>
  },
): Promise<bigint[]> => {
  const stored = new Set(existing.map((e) => e.id))
  const ids: bigint[] = []
  for (const [i, item] of wanted.entries()) {
    const given = item.id ? BigInt(item.id) : null
    const id = given && stored.has(given) ? given : nextId()
    await (id === given ? write.change(id, item, i + 1) : write.create(id, item, i + 1))
    ids.push(id)
  }
  const gone = [...stored].filter((id) => !ids.includes(id))
  if (gone.length) {
    await write.remove(gone)
  }
  return ids
}

/** Units, people and principal of a `saveResultsVO` body made to match: rows added, changed and removed. */
export const saveRows = async (tx: TTx, ctx: TCtx, resultsId: bigint, body: TResultsVOSubmit) => {
  const audit = withAudit(ctx)
  // These rows have no department column.
  const { createDept: _dept, ...created } = audit.created
  const live = { where: { resultsId, ...LIVE }, select: { id: true } }

  const unitOf = (u: TResultsVOSubmit['unitEntityList'][number], sort: number) => ({
    unitName: u.unitName ?? '',
    postcode: u.postcode ?? null,
    address: u.address ?? null,
    name: u.name ?? null,
    phone: u.phone ?? null,
    sort,
  })
  const unitIds = await matchRows(await tx.resultsUnit.findMany(live), body.unitEntityList, {
    change: (id, u, sort) =>
      tx.resultsUnit.updateMany({ where: { id }, data: { ...unitOf(u, sort), ...audit.updated } }),
    create: (id, u, sort) =>
      tx.resultsUnit.create({ data: { ...unitOf(u, sort), id, resultsId, ...created } }),
    remove: (ids) => tx.resultsUnit.updateMany({ where: { id: { in: ids } }, data: audit.deleted }),
  })
  // Person rows name their unit by id, or by the name of a unit saved in the same body.
  const unitRef = new Map<string, bigint>()
  for (const [i, u] of body.unitEntityList.entries()) {
    const id = unitIds[i]!
    if (u.id) {
      unitRef.set(u.id, id)
    }
    unitRef.set(String(id), id)
    if (u.unitName && !unitRef.has(u.unitName)) {
      unitRef.set(u.unitName, id)
    }
  }
  const personOf = (p: TResultsVOSubmit['peopleEntityList'][number], sort: number) => {
    const workUnit = p.workUnit ? (unitRef.get(p.workUnit) ?? null) : null
    if (p.workUnit && workUnit === null) {
      throw AppError.badRequest(ResultsMsg.WORK_UNIT)
    }
    return {
      name: p.name ?? '',
      sex: p.sex ?? APPRAISE_DEFAULTS.SEX,
      birthTime: p.birthTime ?? null,
      jobName: p.jobName ?? null,
      educationalLevel: p.educationalLevel ?? null,
      workUnit,
      contribution: p.contribution ?? null,
      sort,
    }
  }
  await matchRows(await tx.resultsPeople.findMany(live), body.peopleEntityList, {
    change: (id, p, sort) =>
      tx.resultsPeople.updateMany({ where: { id }, data: { ...personOf(p, sort), ...audit.updated } }),
    create: (id, p, sort) =>
      tx.resultsPeople.create({ data: { ...personOf(p, sort), id, resultsId, ...created } }),
    remove: (ids) => tx.resultsPeople.updateMany({ where: { id: { in: ids } }, data: audit.deleted }),
  })

  if (body.principal) {
    const p = body.principal
    const data = {
      unitName: p.unitName ?? null,
      dutyNumber: p.dutyNumber ?? null,
      legalPerson: p.legalPerson ?? null,
      address: p.address ?? null,
      agent: p.agent ?? null,
      phone: p.phone ?? null,
      name: p.name ?? null,
      cardNumber: p.cardNumber ?? null,
      postcode: p.postcode ?? null,
      accountNumber: p.accountNumber ?? null,
      fax: p.fax ?? null,
      personMail: p.personMail ?? null,
    }
    const existing = await tx.resultsPrincipal.findFirst(live)
    if (existing) {
      await tx.resultsPrincipal.updateMany({
        where: { id: existing.id },
        data: { ...data, ...audit.updated },
      })
    } else {
      await tx.resultsPrincipal.create({ data: { ...data, id: nextId(), resultsId, ...created } })
    }
  }
}
