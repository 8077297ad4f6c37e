import { cnDate } from '@ysjs/shared'
import type { Paragraph } from 'docx'
import type { TDocContext } from '../form-detail.ts'
import { table } from './docx-kit.ts'
import { richBlocks, type TListCounter, type TRichImages } from './rich-text-docx.ts'

/** What every document is rendered from: the application's context and its rich text's pictures. */
export type TDocInput = { c: TDocContext; images: TRichImages }

/** Rich text of one document: its lists numbered apart, restarting at 1. */
export const richOf = (input: TDocInput) => {
  const lists: TListCounter = { next: 1 }
  return (html: string | null | undefined): Paragraph[] => richBlocks(html, input.images, lists)
}

/** The name printed where the issuer signs and seals: the seal's wording, else its full name. */
export const sealName = (c: TDocContext) => c.issuer.sealText || c.issuer.fullName

export const meetingTypeName = (t: unknown) => (Number(t) === 1 ? '线上' : '线下')
export const isOnline = (t: unknown) => Number(t) === 1

/** The principal (甲方) as the application names it. */
export const principalName = (c: TDocContext) => c.rows.principal?.unitName ?? c.row.firstParty ?? ''

export const unitTable = (c: TDocContext) =>
  table(
    ['序号', '单位名称', '邮政编码', '详细通讯地址', '联系人', '联系电话'],
    c.rows.unitEntityList.map((u, i) => [
      String(i + 1),
      u.unitName,
      u.postcode ?? '',
      u.address ?? '',
      u.name ?? '',
      u.phone ?? '',
    ]),
    { weights: [0, 3, 0, 4, 0, 0], fit: [true, false, true, false, true, true] },
  )

export const peopleTable = (c: TDocContext) =>
  table(
    ['序号', '姓名', '性别', '出生年月', '技术职称', '文化程度', '工作单位', '主要贡献'],
    c.rows.peopleEntityList.map((p, i) => [
      String(i + 1),
      p.name,
      p.sex === 2 ? '女' : '男',
      cnDate(p.birthTime),
      c.titles.get(String(p.jobName)) ?? '',
      c.levels.get(String(p.educationalLevel)) ?? '',
      p.workUnitName,
      p.contribution ?? '',
    ]),
    { weights: [0, 0, 0, 0, 5, 0, 6, 8], fit: [true, true, true, true, false, true, false, false] },
  )

/** A list of names (the suggested enterprises) as a numbered table. */
export const namesTable = (names: readonly string[]) =>
  table(
    ['序号', '企业名称'],
    names.map((n, i) => [String(i + 1), n]),
    { weights: [0, 1], fit: [true, false] },
  )
