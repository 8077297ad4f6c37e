import { PassThrough, type Readable } from 'node:stream'
import type { PrismaClient } from '@ysjs/db'
import {
  chinaZipDate,
  formatDateTime,
  RESULTS_STATUS_LABELS,
  resultsEventLabel,
  resultsEventText,
} from '@ysjs/shared'
import archiver from 'archiver'
import type { TCtx } from '../../../lib/context.ts'
import { tenantDb } from '../../../lib/tenancy.ts'
import type { TOssService } from '../../oss/oss.service.ts'
import type { TResultsRow } from '../appraise-access.ts'
import type { TResultsService } from '../results.service.ts'

const COMPRESSED = /\.(pdf|docx|xlsx|jpe?g|png|zip)$/i

type TZipFile = { kind: string; name: string; attachId: bigint; assortId: bigint | null; createTime: Date }

/**
 * `download?type=all`: a zip of every file of the application and its dossier, streamed: entries are
 * opened one after the other as the archive drains, never all at once and never buffered whole. Entry
 * times are China time, like the dossier's (decision 027).
 */
export const dossierZip = async (
  deps: { prisma: PrismaClient; oss: TOssService; results: TResultsService },
  ctx: TCtx,
  row: TResultsRow,
  files: TZipFile[],
) => {
  const { prisma, oss, results } = deps
  const db = tenantDb(prisma, ctx.tenantId)
  const assorts = await prisma.assort.findMany({ select: { id: true, name: true } })
  const assortName = new Map(assorts.map((a) => [a.id, a.name]))
  const events = await results.dossier(ctx, row.id)
  // The dossier page's table as text: time, who, kind, what (tab-separated, one entry a line).
  const dossier = [
    `成果评价档案：${row.name}（${row.agreementNumber ?? '未编号'}）`,
    `当前状态：${RESULTS_STATUS_LABELS[row.status] ?? row.status}`,
    `导出时间：${formatDateTime(new Date())}`,
    '',
    ['时间', '操作人', '类型', '内容'].join('\t'),
    ...events.map((e) =>
      [
        formatDateTime(e.createTime),
        e.userName ?? '',
        resultsEventLabel(e.kind),
        resultsEventText(e).replace(/\s+/g, ' '),
      ].join('\t'),
    ),
  ].join('\r\n')

  const archive = archiver('zip', { zlib: { level: 6 } })
  const out = new PassThrough()
  archive.on('error', (err) => out.destroy(err))
  archive.on('warning', (err) => ctx.log.warn({ err }, 'zip warning'))
  archive.pipe(out)
  const names = new Set<string>()
  const unique = (name: string) => {
    let n = name
    for (let i = 2; names.has(n); i++) {
      const dot = name.lastIndexOf('.')
      n = dot > 0 ? `${name.slice(0, dot)}(${i})${name.slice(dot)}` : `${name}(${i})`
    }
    names.add(n)
    return n
  }
  archive.append(`\ufeff${dossier}`, { name: unique('档案记录.txt'), date: chinaZipDate(new Date()) })
  const queue = [...files]
  const next = async () => {
    const f = queue.shift()
    if (!f) {
      await archive.finalize()
      return
    }
    const folder =
      f.kind === 'upload' ? `附件/${(f.assortId && assortName.get(f.assortId)) || '其他'}` : '文书'
    const attach = await db.attach.findFirst({ where: { id: f.attachId }, select: { name: true } })
    const found = attach ? await oss.read(ctx, attach.name) : null
    if (!found) {
      ctx.log.warn({ attachId: f.attachId }, 'a file of the application is missing from the storage')
      await next()
      return
    }
    // pdf, docx, xlsx, jpg and png are compressed already: stored as they are, not deflated again.
    archive.append(found.body as Readable, {
      name: unique(`${folder}/${f.name}`),
      store: COMPRESSED.test(f.name),
      date: chinaZipDate(f.createTime),
    })
  }
  // The next entry is opened once the previous one has been written.
  archive.on('entry', () => {
    next().catch((err: unknown) => archive.emit('error', err))
  })
  return { fileName: `成果评价-${row.agreementNumber ?? row.id}.zip`, body: out }
}
