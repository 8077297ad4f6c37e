import { IS_EFFECTIVE, type TEquity, ZEquitySubmitSchema } from '@ysjs/shared'
import { crudCodes } from '@/components/crud/permissions'
import type { TResource } from '@/components/crud/types'
import { FileAttachField } from '@/components/upload/FileAttachField'
import { resourceApi } from '@/lib/resource/resourceApi'
import { text } from '@/lib/text'
import { ResultsPicker } from '../ResultsPicker'

export type TEquityRow = TEquity & Record<string, unknown>

const L = 'trading.equity'

/** 知识产权: the intellectual property records of achievements (spec sections 3 and 5). */
export const equityResource: TResource<TEquityRow> = {
  key: 'equity',
  nameKey: `${L}.name`,
  schema: ZEquitySubmitSchema,
  api: resourceApi<TEquity>('/api/ysjs-appraise/equity', {
    exact: ['type', 'country', 'isEffective', 'resultsId'],
    exportable: true,
  }),
  permissions: crudCodes('appraiseEquity'),
  dialogWidth: 'md',
  fields: [
    { name: 'name', labelKey: `${L}.title`, search: true, column: { flex: 2 } },
    {
      name: 'type',
      labelKey: `${L}.type`,
      kind: 'dict',
      dictCode: 'intellectual_property_category',
      search: true,
      span: 6,
      column: { width: 110 },
    },
    {
      name: 'country',
      labelKey: `${L}.country`,
      kind: 'dict',
      dictCode: 'country',
      span: 6,
      column: { width: 90 },
    },
    // A patent number (ZL202310123456.7) is read whole: a fixed width, never squeezed by the flex columns.
    { name: 'accreditNo', labelKey: `${L}.accreditNo`, search: true, span: 6, column: { width: 170 } },
    { name: 'accreditTime', labelKey: `${L}.accreditTime`, kind: 'date', span: 6, column: { width: 120 } },
    { name: 'certificateNo', labelKey: `${L}.certificateNo`, span: 6, column: false },
    { name: 'obligee', labelKey: `${L}.obligee`, search: true, span: 6 },
    { name: 'inventor', labelKey: `${L}.inventor`, span: 6, column: false },
    {
      name: 'isEffective',
      labelKey: `${L}.isEffective`,
      kind: 'dict',
      dictCode: 'ip_validity',
      span: 6,
      column: { width: 100 },
    },
    // The application is picked by name among those the user may edit (not typed as an id).
    {
      name: 'resultsId',
      labelKey: `${L}.resultsId`,
      kind: 'custom',
      component: ResultsPicker,
      span: 6,
      column: false,
    },
    { name: 'resultsName', labelKey: `${L}.resultsId`, form: false, column: { flex: 2 } },
    {
      name: 'fileAttach',
      labelKey: `${L}.fileAttach`,
      kind: 'custom',
      component: FileAttachField,
      span: 6,
      column: false,
    },
  ],
  // Spec section 9: validity defaults to 1 (有效).
  defaults: () => ({ isEffective: String(IS_EFFECTIVE.VALID) }),
  toForm: (row) => ({
    id: row.id,
    resultsId: row.resultsId,
    resultsName: row.resultsName,
    type: text(row.type),
    name: row.name,
    country: text(row.country),
    accreditNo: row.accreditNo,
    accreditTime: row.accreditTime,
    certificateNo: row.certificateNo,
    obligee: row.obligee,
    inventor: row.inventor,
    isEffective: text(row.isEffective),
    fileAttach: row.fileAttach,
    fileName: text(row.fileName),
  }),
}
