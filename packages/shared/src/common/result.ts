/** Result codes of the platform's envelope (contract 2.2). */
export const ResultCode = {
  SUCCESS: 200,
  FAILURE: 400,
  UN_AUTHORIZED: 401,
  REQ_REJECT: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  MEDIA_TYPE_NOT_SUPPORTED: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  /** PostgreSQL or Redis cannot answer in time (unreachable, pool exhausted, statement timeout). */
  SERVICE_UNAVAILABLE: 503,
} as const
export type TResultCode = (typeof ResultCode)[keyof typeof ResultCode]

/** Default messages, word for word as the platform answers them. */
export const Msg = {
  SUCCESS: '操作成功',
  FAILURE: '操作失败',
  NO_DATA: '暂无承载数据',
  BUSINESS_FAILURE: '业务异常',
  UN_AUTHORIZED: '请求未授权',
  TOKEN_MISSING: '缺失令牌,鉴权失败',
  TOKEN_INVALID: '令牌已失效',
  REQ_REJECT: '请求被拒绝',
  NOT_FOUND: '404 没找到请求',
  METHOD_NOT_SUPPORTED: '不支持当前请求方法',
  MEDIA_TYPE_NOT_SUPPORTED: '不支持当前媒体类型',
  MSG_NOT_READABLE: '消息不能读取',
  PARAM_MISS: '缺少必要的请求参数',
  PARAM_TYPE_ERROR: '请求参数类型错误',
  PARAM_VALID_ERROR: '参数校验失败',
  PAYLOAD_TOO_LARGE: '请求内容过大',
  TOO_MANY_REQUESTS: '请求过于频繁,请稍后再试',
  INTERNAL_SERVER_ERROR: '服务器异常',
  SERVICE_UNAVAILABLE: '服务暂时不可用,请稍后再试',
  /**
   * The database is up but this instance's connection pool is full (decision 031): not an outage, and
   * said differently so nobody goes looking for one. Our text; the spec has none for it.
   */
  POOL_BUSY: '服务繁忙,数据库连接已满,请稍后再试',
  RECORD_NOT_FOUND: '数据不存在',
  HAS_CHILDREN: '请先删除子节点!',
  /** Client-side texts of the spec (section 8). */
  CLIENT_SYSTEM_ERROR: '系统错误',
  CLIENT_TOKEN_EXPIRED: '用户令牌过期，请重新登录',
  ADD_SUCCESS: '新增成功',
  UPDATE_SUCCESS: '更新成功',
  DELETE_SUCCESS: '删除成功',
  OPERATE_SUCCESS: '操作成功!',
  DELETE_CONFIRM: '确定将选择数据删除?',
  SELECT_AT_LEAST_ONE: '请选择至少一条数据',
  SUBMIT_FAILED: '提交失败',
  LOAD_FAILED: '获取数据失败！',
} as const

/** The envelope every business endpoint answers with (contract 2.1). */
export type TEnvelope<T> = {
  code: number
  success: boolean
  data: T
  msg: string
}

/** Raw OAuth2 error body of the token endpoint (contract 3.1). */
export type TOAuthError = { error: string; error_description: string }
