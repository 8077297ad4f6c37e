import { z } from 'zod'
import {
  DATE_OR_DATE_TIME_META,
  DATE_OR_DATE_TIME_PATTERN,
  parseDateTime,
  ZWireDateTimeSchema,
} from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired, zText } from '../common/validators.ts'

export type TTenantInfo = { tenantId: string; domain: string; backgroundUrl: string | null }

/** Messages of the tenant screens and rules (contract 6.4 and section 3.1 step 5). */
export const TenantMsg = {
  NAME: '请输入租户名称',
  LINKMAN: '请输入联系人',
  CONTACT: '请输入联系电话',
  ADMIN_NOT_REMOVABLE: '不可删除管理租户!',
  ADMIN_NOT_RECYCLABLE: '不可回收管理租户!',
  QUOTA_REACHED: '当前租户已到最大账号额度!',
  QUOTA_INVALID: '请输入正确的账号额度',
  EXPIRE_INVALID: '请输入正确的过期时间',
  NOT_FOUND: '租户不存在',
  PACKAGE_NOT_FOUND: '产品包不存在',
  DOMAIN_TAKEN: '当前域名已被其他租户绑定!',
  ID_EXHAUSTED: '租户编号生成失败,请重试',
  RECYCLED: '租户已被回收,请联系管理员',
  PENDING: '租户尚未审核通过,请联系管理员',
} as const

/**
 * Tenant status (spec section 4: pass and recycle; the values are ours, decision 010c):
 * 1 normal, 0 awaiting approval, 2 recycled (its users cannot sign in until passed again).
 */
export const TenantStatus = { PENDING: 0, NORMAL: 1, RECYCLED: 2 } as const
/** `account_number` of a tenant without a quota. */
export const UNLIMITED_ACCOUNTS = -1

/** A tenant as the tenant form submits it; the tenant code, quota and expiry are not set here. */
export const ZTenantSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  tenantName: zRequired(TenantMsg.NAME, 50),
  linkman: zRequired(TenantMsg.LINKMAN, 20),
  contactNumber: zRequired(TenantMsg.CONTACT, 20),
  address: zOptionalText(255),
  domain: zOptionalText(255),
  backgroundUrl: zOptionalText(1000),
  packageId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
})
export type TTenantSubmit = z.infer<typeof ZTenantSubmitSchema>

/** `yyyy-MM-dd[ HH:mm:ss]`, Asia/Shanghai; empty means "never expires". */
const zExpireTime = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  zText(TenantMsg.EXPIRE_INVALID)
    .trim()
    .regex(DATE_OR_DATE_TIME_PATTERN, TenantMsg.EXPIRE_INVALID)
    .refine((v) => parseDateTime(v) !== null, TenantMsg.EXPIRE_INVALID)
    .meta(DATE_OR_DATE_TIME_META)
    .optional(),
)

/** `tenant/setting`: account quota (-1 unlimited) and expiry for one or more tenants. */
export const ZTenantSettingSchema = z.object({
  accountNumber: zInt({ message: TenantMsg.QUOTA_INVALID, min: UNLIMITED_ACCOUNTS }),
  expireTime: zExpireTime,
})
export type TTenantSetting = z.infer<typeof ZTenantSettingSchema>

/** A tenant as list and detail answer it. */
export const ZTenantRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  tenantName: z.string(),
  domain: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  linkman: z.string().nullable(),
  contactNumber: z.string().nullable(),
  address: z.string().nullable(),
  accountNumber: z.number(),
  expireTime: ZWireDateTimeSchema.nullable(),
  packageId: ZWireIdSchema.nullable(),
  datasourceId: ZWireIdSchema.nullable(),
  createUser: ZWireIdSchema.nullable(),
  createDept: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateUser: ZWireIdSchema.nullable(),
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
  /** Label of the package (VO field). */
  packageName: z.string().nullable(),
  /** Live users of the tenant, to compare with the quota. */
  accountCount: z.number(),
})
export type TTenant = z.infer<typeof ZTenantRecordSchema>

/** Messages of the tenant product package (spec section 5, word for word). */
export const TenantPackageMsg = {
  NAME: '请输入产品包名称',
  MENU: '请选择菜单',
  MENU_UNKNOWN: '所选菜单不存在',
  IN_USE: '产品包已被租户使用,不可删除!',
} as const

const MENU_IDS_MAX = 3000

/** `menuId`: the checked menus, as the comma-joined string of the platform or an array of ids. */
export const zMenuIdList = z.preprocess(
  (v) => (Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? String(x) : x)).join(',') : v),
  zText(TenantPackageMsg.MENU)
    .trim()
    .max(MENU_IDS_MAX, TenantPackageMsg.MENU)
    .transform((v) =>
      [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ].join(','),
    )
    .refine((v) => v !== '', TenantPackageMsg.MENU)
    .refine(
      (v) => v.split(',').every((s) => /^\d{1,19}$/.test(s) && BigInt(s) <= 9_223_372_036_854_775_807n),
      {
        message: TenantPackageMsg.MENU,
      },
    ),
)

/** Tenant product package as the package form submits it (spec sections 3 and 5). */
export const ZTenantPackageSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  packageName: zRequired(TenantPackageMsg.NAME, 50),
  menuId: zMenuIdList,
  remark: zOptionalText(255),
})
export type TTenantPackageSubmit = z.infer<typeof ZTenantPackageSubmitSchema>

export const ZTenantPackageRecordSchema = z.object({
  id: ZWireIdSchema,
  packageName: z.string(),
  menuId: z.string(),
  remark: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createDept: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateUser: ZWireIdSchema.nullable(),
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TTenantPackage = z.infer<typeof ZTenantPackageRecordSchema>
