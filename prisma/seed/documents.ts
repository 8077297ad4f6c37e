import {
  AGREEMENT_PARAMS,
  AGREEMENT_PLACEHOLDERS,
  AGREEMENT_TEMPLATE_TYPE,
  DEFAULT_AGREEMENT_TERMS,
  DEFAULT_ISSUER,
} from '@ysjs/shared'
import { type PrismaClient, stableId } from '../src/index.ts'

/**
 * What the appraisal's documents need (decision 027): the issuing centre of tenant 000000, the default
 * 协议模板 and the agreement's parameters. Created once; an administrator's edits are kept on re-runs.
 */
export const seedDocuments = async (prisma: PrismaClient, tenantId: string, now: Date) => {
  await prisma.issuer.upsert({
    where: { tenantId },
    update: {},
    create: { id: stableId(`issuer:${tenantId}`), tenantId, ...DEFAULT_ISSUER, createTime: now },
  })
  const templateId = stableId(`template:${tenantId}:agreement`)
  await prisma.template.upsert({
    where: { id: templateId },
    update: {},
    create: {
      id: templateId,
      tenantId,
      name: '科技成果评价协议书条款',
      remark: `评价协议书的约定条款。占位符：${Object.keys(AGREEMENT_PLACEHOLDERS)
        .map((k) => `{{${k}}}`)
        .join(' ')}`,
      type: AGREEMENT_TEMPLATE_TYPE,
      content: DEFAULT_AGREEMENT_TERMS,
      createTime: now,
    },
  })
  for (const p of Object.values(AGREEMENT_PARAMS)) {
    const id = stableId(`param:${p.key}`)
    await prisma.param.upsert({
      where: { id },
      update: {},
      create: { id, paramName: p.name, paramKey: p.key, paramValue: p.value, createTime: now },
    })
  }
}
