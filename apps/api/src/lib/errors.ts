import { Prisma } from '@ysjs/db'
import { Msg, ResultCode } from '@ysjs/shared'

/**
 * The one error type of the API. `code` is the envelope code and, for 4xx, the HTTP status too
 * (contract decision 3). Services throw it; the error handler turns it into the envelope.
 */
export class AppError extends Error {
  readonly code: number
  readonly httpStatus: number

  constructor(code: number, message: string, httpStatus?: number) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.httpStatus = httpStatus ?? (code >= 400 && code < 600 ? code : 400)
  }

  static badRequest(message: string): AppError {
    return new AppError(ResultCode.FAILURE, message)
  }
  static unauthorized(message: string = Msg.UN_AUTHORIZED): AppError {
    return new AppError(ResultCode.UN_AUTHORIZED, message)
  }
  static forbidden(message: string = Msg.REQ_REJECT): AppError {
    return new AppError(ResultCode.REQ_REJECT, message)
  }
  static notFound(message: string = Msg.RECORD_NOT_FOUND): AppError {
    // A missing record is a business failure of the request, not an unknown route.
    return new AppError(ResultCode.FAILURE, message)
  }
}

/** Raw OAuth2 error of the token endpoint: `{error, error_description}`, HTTP 400 unless given. */
export class OAuthError extends Error {
  readonly error: string
  readonly httpStatus: number

  constructor(error: string, description: string, httpStatus = 400) {
    super(description)
    this.name = 'OAuthError'
    this.error = error
    this.httpStatus = httpStatus
  }
}

/**
 * Whether `err` says "no such record": Prisma's P2025, or an `AppError` carrying one of `messages` (the
 * caller's own not-found texts). The one failure a caller may read as absence; an outage, a timeout or
 * a bug must still reach the error handler (a database that cannot answer is a 503, not "nothing").
 */
export const isNotFound = (err: unknown, ...messages: string[]): boolean =>
  (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2025') ||
  (err instanceof AppError && messages.includes(err.message))

/** `work`'s value, or null when it failed because the record is missing (see `isNotFound`). */
export const orNullIfNotFound = async <T>(work: Promise<T>, ...messages: string[]): Promise<T | null> => {
  try {
    return await work
  } catch (err) {
    if (isNotFound(err, ...messages)) {
      return null
    }
    throw err
  }
}
