import type { TSmsProvider } from '@ysjs/server-core'
import type { FastifyBaseLogger } from 'fastify'

/**
 * The default provider: nothing leaves the machine, the message is written to the application log
 * (development, tests, and tenants that configured no vendor).
 */
export const createLogSmsProvider = (log: FastifyBaseLogger, signName?: string | null): TSmsProvider => ({
  name: 'log',
  async send(message) {
    log.info(
      { sms: { phones: message.phones, templateId: message.templateId, params: message.params, signName } },
      'sms (log provider)',
    )
    return { success: true, provider: 'log', requestId: null, failed: [] }
  },
})
