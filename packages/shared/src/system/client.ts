import { z } from 'zod'
import { GRANT_TYPES } from '../auth/auth.ts'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired, zText } from '../common/validators.ts'

/** Messages of the client (应用管理) screen. */
export const ClientMsg = {
  CLIENT_ID: '请输入客户端id',
  CLIENT_ID_FORMAT: '客户端id只能包含字母、数字、下划线和中划线',
  SECRET: '请输入客户端密钥',
  SECRET_LENGTH: '客户端密钥长度为6到64个字符',
  SCOPE: '请输入授权范围',
  GRANT_TYPES: '请输入授权类型',
  GRANT_UNKNOWN: '授权类型不正确',
  ACCESS_VALIDITY: '请输入令牌秒数',
  REFRESH_VALIDITY: '请输入刷新令牌秒数',
  EXISTS: '当前客户端id已存在!',
  IN_USE: '不可删除平台正在使用的客户端!',
} as const

const zOptionalSecret = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  zText(ClientMsg.SECRET).min(6, ClientMsg.SECRET_LENGTH).max(64, ClientMsg.SECRET_LENGTH).optional(),
)

/**
 * An OAuth client as the client form submits it. The secret is required for a new client and
 * optional on update (empty keeps the stored one); it is stored hashed and never answered.
 */
export const ZClientSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  clientId: zRequired(ClientMsg.CLIENT_ID, 48).regex(/^[\w-]+$/, ClientMsg.CLIENT_ID_FORMAT),
  clientSecret: zOptionalSecret,
  scope: zRequired(ClientMsg.SCOPE, 256),
  authorizedGrantTypes: zRequired(ClientMsg.GRANT_TYPES, 256)
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
    .refine((v) => v !== '', ClientMsg.GRANT_TYPES)
    .refine((v) => v.split(',').every((g) => (GRANT_TYPES as readonly string[]).includes(g)), {
      message: ClientMsg.GRANT_UNKNOWN,
    }),
  webServerRedirectUri: zOptionalText(256),
  resourceIds: zOptionalText(256),
  authorities: zOptionalText(256),
  autoapprove: zOptionalText(256),
  accessTokenValidity: zInt({ message: ClientMsg.ACCESS_VALIDITY, min: 60, max: 31_536_000 }),
  refreshTokenValidity: zInt({ message: ClientMsg.REFRESH_VALIDITY, min: 60, max: 31_536_000 }),
})
export type TClientSubmit = z.infer<typeof ZClientSubmitSchema>

/** A client as list and detail answer it: never the secret. */
export const ZClientRecordSchema = z.object({
  id: ZWireIdSchema,
  clientId: z.string(),
  scope: z.string(),
  authorizedGrantTypes: z.string(),
  webServerRedirectUri: z.string().nullable(),
  resourceIds: z.string().nullable(),
  authorities: z.string().nullable(),
  autoapprove: z.string().nullable(),
  accessTokenValidity: z.number(),
  refreshTokenValidity: z.number(),
  createUser: ZWireIdSchema.nullable(),
  createDept: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateUser: ZWireIdSchema.nullable(),
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TClient = z.infer<typeof ZClientRecordSchema>
