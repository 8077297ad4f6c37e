/** One message to one or more phones, through a vendor template. */
export type TSmsMessage = {
  phones: string[]
  templateId: string
  /** Template variables in template order (vendors that take a list read the values in this order). */
  params: Record<string, string>
}

export type TSmsResult = {
  /** Every phone accepted by the vendor. */
  success: boolean
  provider: string
  requestId: string | null
  failed: { phone: string; code: string; message: string }[]
}

/**
 * What every SMS vendor adapter does; chosen per tenant from its enabled config (the API's
 * `sms.service.ts`, the worker's job alerts).
 */
export type TSmsProvider = {
  readonly name: string
  send(message: TSmsMessage): Promise<TSmsResult>
}
