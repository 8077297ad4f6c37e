import { Msg, ResultCode } from '@ysjs/shared'

/** A failed call: `code` is what the spec calls the code (error_code, else code, else HTTP status). */
export class HttpError extends Error {
  readonly code: number
  readonly status: number
  readonly body: unknown

  constructor(message: string, code: number, status: number, body: unknown) {
    super(message)
    this.name = 'HttpError'
    this.code = code
    this.status = status
    this.body = body
  }
}

type TErrorBody = {
  code?: unknown
  error_code?: unknown
  msg?: unknown
  error_description?: unknown
}

const asBody = (body: unknown): TErrorBody =>
  typeof body === 'object' && body !== null ? (body as TErrorBody) : {}

const asCode = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) {
    return v
  }
  if (typeof v === 'string' && /^\d+$/.test(v)) {
    return Number(v)
  }
  return undefined
}

const asText = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined)

/** Spec section 8: the code is error_code, else code, else the HTTP status. */
export const responseCode = (status: number, body: unknown): number => {
  const b = asBody(body)
  return asCode(b.error_code) ?? asCode(b.code) ?? status
}

export type TFailure = {
  code: number
  message: string
  /** Codes above 2000 without error_description are shown once, not on every call. */
  once: boolean
}

/** What a non-200 answer shows: msg, else error_description, else the client's 系统错误. */
export const describeFailure = (
  status: number,
  body: unknown,
  systemError: string = Msg.CLIENT_SYSTEM_ERROR,
): TFailure => {
  const b = asBody(body)
  const code = responseCode(status, body)
  const description = asText(b.error_description)
  const message = asText(b.msg) ?? description ?? systemError
  return { code, message, once: code > 2000 && description === undefined }
}

export const isUnauthorized = (code: number): boolean => code === ResultCode.UN_AUTHORIZED
