import { z } from 'zod'

export const GRANT_TYPES = [
  'password',
  'captcha',
  'refresh_token',
  'social',
  'authorization_code',
  'sms_code',
  'register',
] as const
export type TGrantType = (typeof GRANT_TYPES)[number]

/** `error_description` texts of the token endpoint (contract 3.1), word for word. */
export const AuthMsg = {
  CLIENT_INVALID: '客户端认证失败',
  GRANT_UNSUPPORTED: '不支持的授权类型',
  GRANT_NOT_ALLOWED: '该客户端不支持此授权类型',
  GRANT_NOT_CONFIGURED: '该授权方式未开启',
  CAPTCHA_INVALID: '验证码不正确',
  /** After repeated failures from elsewhere, an unknown client must bring a captcha. */
  CAPTCHA_REQUIRED: '登录失败次数过多,请输入验证码',
  TENANT_MISSING: '租户ID未找到',
  TOO_MANY_FAILURES: '登录错误次数过多,请稍后再试',
  /** Too many checks of the account from this client are running at once: retry in a moment. */
  LOGIN_BUSY: '登录请求过于频繁,请稍后再试',
  TENANT_UNKNOWN: '未获得用户的租户信息',
  TENANT_EXPIRED: '租户授权已过期,请联系管理员',
  BAD_CREDENTIALS: '用户名或密码错误',
  NO_ROLE: '未获得用户的角色信息',
  USER_PENDING: '用户账号待审核,请耐心等待管理员通过',
  USER_DISABLED: '用户账号已被停用',
  REFRESH_INVALID: '刷新令牌已失效',
  USERNAME_MISSING: '请输入账号',
  PASSWORD_MISSING: '请输入密码',
  SOCIAL_FAILED: '第三方登录失败',
} as const

/** The browser sends md5(plain) as 32 lowercase hex characters. */
export const MD5_HEX_PATTERN = /^[0-9a-f]{32}$/
/** OpenAPI metadata of an md5 password field: documents the format, the schema's own checks stay. */
export const MD5_HEX_META = {
  pattern: MD5_HEX_PATTERN.source,
  description: 'md5(明文密码), 32 位小写十六进制',
  example: '21232f297a57a5a743894a0e4a801fc3',
}

/** The successful token response (contract 3.2), not wrapped in the envelope. */
export type TTokenResponse = {
  access_token: string
  token_type: 'bearer'
  refresh_token: string
  expires_in: number
  scope: string
  tenant_id: string
  user_id: string
  dept_id: string
  post_id: string
  role_id: string
  oauth_id: string
  account: string
  user_name: string
  nick_name: string
  real_name: string
  role_name: string
  avatar: string
  client_id: string
  detail: { type: string; ext?: string }
  license: string
  jti: string
}

export type TCaptcha = { key: string; image: string }

/** Login form of the web app. */
export const ZLoginFormSchema = z.object({
  tenantId: z.string().trim().min(1, '请输入租户ID').max(12),
  username: z.string().trim().min(1, '请输入账号').max(45),
  password: z.string().min(1, '请输入密码').max(64),
  code: z.string().trim().max(8).optional(),
})
export type TLoginForm = z.infer<typeof ZLoginFormSchema>
