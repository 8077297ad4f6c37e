import { z } from 'zod'
import { ID_PATTERN, ZWireIdSchema } from '../common/ids.ts'
import { zOptionalInt, zOptionalText, zRequired, zText } from '../common/validators.ts'

/** Messages of the region screen. */
export const RegionMsg = {
  CODE: '请输入区划编号',
  CODE_FORMAT: '区划编号格式不正确',
  NAME: '请输入区划名称',
  PARENT_UNKNOWN: '上级区划不存在',
  PARENT_SELF: '上级区划不能是自己',
  TOO_DEEP: '区划层级不能超过5级',
  HAS_CHILDREN: '请先删除子节点!',
  NOT_FOUND: '数据不存在',
} as const

/** Parent code of the provincial level (the platform's convention; there is no `00` row). */
export const REGION_ROOT = '00'
/** 0 country … 1 province, 2 city, 3 district, 4 town, 5 village. */
export const REGION_MAX_LEVEL = 5
/** Region codes: digits, 2 to 12 (GB/T 2260 six digits, towns 9, villages 12). */
export const REGION_CODE_PATTERN = /^\d{2,12}$/

const zCode = (message: string) => zRequired(message, 12).regex(REGION_CODE_PATTERN, RegionMsg.CODE_FORMAT)

/** Region as the region form submits it; an existing code is updated, a new one inserted. */
export const ZRegionSubmitSchema = z.object({
  code: zCode(RegionMsg.CODE),
  parentCode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    zText(RegionMsg.CODE_FORMAT).trim().regex(REGION_CODE_PATTERN, RegionMsg.CODE_FORMAT).optional(),
  ),
  name: zRequired(RegionMsg.NAME, 32),
  sort: zOptionalInt({ min: 0, max: 1_000_000 }),
  remark: zOptionalText(255),
})
export type TRegionSubmit = z.infer<typeof ZRegionSubmitSchema>

/** A parent code in a query: empty means the provincial level. */
export const ZRegionParentQuery = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  zText(RegionMsg.CODE_FORMAT).trim().regex(REGION_CODE_PATTERN, RegionMsg.CODE_FORMAT).optional(),
)
export const ZRegionCodeQuery = zCode(RegionMsg.CODE)
/** `region/remove?id=`: the platform names the code `id` there. */
export const ZRegionRemoveQuery = zText(RegionMsg.CODE)
  .trim()
  .min(1, RegionMsg.CODE)
  .max(12, RegionMsg.CODE_FORMAT)
  .meta({ pattern: ID_PATTERN.source, example: '110000' })

export const ZRegionRecordSchema = z.object({
  code: z.string(),
  parentCode: z.string().nullable(),
  ancestors: z.string().nullable(),
  name: z.string(),
  provinceCode: z.string().nullable(),
  provinceName: z.string().nullable(),
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
  townCode: z.string().nullable(),
  townName: z.string().nullable(),
  villageCode: z.string().nullable(),
  villageName: z.string().nullable(),
  regionLevel: z.number().nullable(),
  sort: z.number(),
  remark: z.string().nullable(),
  /** Name of the parent region (VO field); null at the provincial level. */
  parentName: z.string().nullable(),
  hasChildren: z.boolean(),
})
export type TRegion = z.infer<typeof ZRegionRecordSchema>

/** One node of `region/lazy-tree` (contract 4.5; `code` is the key). */
export const ZRegionNodeSchema = z.object({
  // Region codes are strings of digits like the ids of other trees (documented with their pattern).
  id: ZWireIdSchema,
  parentId: ZWireIdSchema,
  title: z.string(),
  key: z.string(),
  value: z.string(),
  hasChildren: z.boolean(),
})
export type TRegionNode = z.infer<typeof ZRegionNodeSchema>
