import { createHash, createHmac } from 'node:crypto'
import { OutboundMsg, outboundRequest } from '../outbound/guard.ts'
import type { TOutboundPolicy } from '../outbound/policy.ts'
import type { TSmsProvider, TSmsResult } from './sms-provider.ts'

/**
 * Tencent Cloud SMS (API 3.0, action SendSms, version 2021-01-11), signed with TC3-HMAC-SHA256 as the
 * vendor's "Signature v3" page describes it: canonical request → string to sign → key derived from
 * "TC3"+SecretKey over date, service and "tc3_request" → hex HMAC-SHA256 in the Authorization header.
 */
export type TTencentSmsConfig = {
  secretId: string
  secretKey: string
  /** SmsSdkAppId. */
  appId: string
  signName: string
  region: string
  /** `https://sms.tencentcloudapi.com` unless a gateway (or a test server) is given. */
  endpoint?: string | null
  timeoutMs?: number
}

export const TENCENT_SMS = {
  ENDPOINT: 'https://sms.tencentcloudapi.com',
  SERVICE: 'sms',
  ACTION: 'SendSms',
  VERSION: '2021-01-11',
  ALGORITHM: 'TC3-HMAC-SHA256',
  CONTENT_TYPE: 'application/json; charset=utf-8',
  DEFAULT_REGION: 'ap-guangzhou',
  /** The vendor's documented API hosts (`sms.tencentcloudapi.com` and its regional ones). */
  HOSTS: ['sms.tencentcloudapi.com', '.tencentcloudapi.com'],
} as const

/** Where a Tencent SMS config may send: the documented hosts, or what the operator lists. */
export const tencentSmsPolicy = (allow: TOutboundPolicy['allow']): TOutboundPolicy => ({
  allow,
  hosts: TENCENT_SMS.HOSTS,
})

/** The most of an answer read: a SendSms answer is a few hundred bytes per number. */
const ANSWER_MAX_BYTES = 256 * 1024

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest()

/** UTC date of the timestamp, `yyyy-MM-dd` (the credential scope's date). */
export const tc3Date = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10)

/** The Authorization header for a POST of `payload` to `host` (exported for the documentation test). */
export const tc3Authorization = (args: {
  secretId: string
  secretKey: string
  service: string
  host: string
  action: string
  payload: string
  timestamp: number
}) => {
  const date = tc3Date(args.timestamp)
  const signedHeaders = 'content-type;host;x-tc-action'
  const canonicalHeaders = `content-type:${TENCENT_SMS.CONTENT_TYPE}\nhost:${args.host}\nx-tc-action:${args.action.toLowerCase()}\n`
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(args.payload)].join(
    '\n',
  )
  const scope = `${date}/${args.service}/tc3_request`
  const stringToSign = [
    TENCENT_SMS.ALGORITHM,
    String(args.timestamp),
    scope,
    sha256Hex(canonicalRequest),
  ].join('\n')
  const secretDate = hmac(`TC3${args.secretKey}`, date)
  const secretService = hmac(secretDate, args.service)
  const secretSigning = hmac(secretService, 'tc3_request')
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex')
  return `${TENCENT_SMS.ALGORITHM} Credential=${args.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
}

type TSendStatus = { PhoneNumber?: string; Code?: string; Message?: string }
type TTencentAnswer = {
  Response?: {
    RequestId?: string
    Error?: { Code?: string; Message?: string }
    SendStatusSet?: TSendStatus[]
  }
}

/** Tencent wants E.164; the platform stores mainland numbers without the country code. */
const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+86${phone}`)

export const createTencentSmsProvider = (
  config: TTencentSmsConfig,
  /** Where the endpoint may be (decision 011b): every request goes through the outbound guard. */
  policy: TOutboundPolicy,
  now: () => number = () => Date.now(),
): TSmsProvider => {
  const url = new URL(config.endpoint || TENCENT_SMS.ENDPOINT)
  return {
    name: 'tencent',
    async send(message): Promise<TSmsResult> {
      const payload = JSON.stringify({
        PhoneNumberSet: message.phones.map(e164),
        SmsSdkAppId: config.appId,
        SignName: config.signName,
        TemplateId: message.templateId,
        TemplateParamSet: Object.values(message.params),
      })
      const timestamp = Math.floor(now() / 1000)
      const authorization = tc3Authorization({
        secretId: config.secretId,
        secretKey: config.secretKey,
        service: TENCENT_SMS.SERVICE,
        host: url.host,
        action: TENCENT_SMS.ACTION,
        payload,
        timestamp,
      })
      const fail = (code: string, msg: string, requestId: string | null = null): TSmsResult => ({
        success: false,
        provider: 'tencent',
        requestId,
        failed: message.phones.map((phone) => ({ phone, code, message: msg })),
      })
      let answer: TTencentAnswer
      try {
        const res = await outboundRequest(policy, {
          url,
          method: 'POST',
          maxBytes: ANSWER_MAX_BYTES,
          timeoutMs: config.timeoutMs ?? 5_000,
          headers: {
            Authorization: authorization,
            'Content-Type': TENCENT_SMS.CONTENT_TYPE,
            Host: url.host,
            'X-TC-Action': TENCENT_SMS.ACTION,
            'X-TC-Timestamp': String(timestamp),
            'X-TC-Version': TENCENT_SMS.VERSION,
            'X-TC-Region': config.region || TENCENT_SMS.DEFAULT_REGION,
          },
          body: payload,
        })
        answer = JSON.parse(res.body.toString('utf8')) as TTencentAnswer
      } catch {
        // Whatever answered (or did not), the caller learns only that the connection failed.
        return fail('NetworkError', OutboundMsg.FAILED)
      }
      if (typeof answer !== 'object' || answer === null) {
        return fail('NetworkError', OutboundMsg.FAILED)
      }
      const response = answer.Response ?? {}
      const requestId = response.RequestId ?? null
      if (response.Error) {
        return fail(response.Error.Code ?? 'Error', response.Error.Message ?? '', requestId)
      }
      const statuses = response.SendStatusSet ?? []
      const failed = message.phones.flatMap((phone) => {
        const s = statuses.find((x) => x.PhoneNumber === e164(phone))
        return s?.Code === 'Ok'
          ? []
          : [{ phone, code: s?.Code ?? 'Missing', message: s?.Message ?? 'no status for this number' }]
      })
      return { success: failed.length === 0, provider: 'tencent', requestId, failed }
    },
  }
}
