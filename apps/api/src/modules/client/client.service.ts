import { hashClientSecret, nextId, type PrismaClient } from '@ysjs/db'
import { ClientMsg, type TClientSubmit, ZClientRecordSchema, ZClientSubmitSchema } from '@ysjs/shared'
import { isPlatformAdmin, type TCtx } from '../../lib/context.ts'
import { createCrudService, type TPatch, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { applyPatch } from '../../lib/patch.ts'

/**
 * OAuth clients (blade_client, 应用管理): administrator only (contract 7.1, SA). The secret is stored
 * hashed (`hashClientSecret`), required for a new client, replaced only when a new one is typed, and
 * never answered. The client the web app signs in with cannot be deleted.
 */
export const createClientService = (prisma: PrismaClient, webClientId: string) => {
  const crud = createCrudService(prisma, {
    prefix: '/api/ysjs-system/client',
    model: (db) => db.client,
    submit: ZClientSubmitSchema,
    record: ZClientRecordSchema,
    filters: { clientId: 'string', scope: 'string', authorizedGrantTypes: 'string' },
    sortable: ['clientId', 'createTime', 'updateTime'],
    defaultOrder: [{ createTime: 'asc' }],
  })

  const assertAdministrator = (ctx: TCtx) => {
    if (!isPlatformAdmin(ctx.user)) {
      throw AppError.forbidden()
    }
  }

  const rowOf = (input: TClientSubmit) => ({
    clientId: input.clientId,
    scope: input.scope,
    authorizedGrantTypes: input.authorizedGrantTypes,
    webServerRedirectUri: input.webServerRedirectUri ?? null,
    resourceIds: input.resourceIds ?? null,
    authorities: input.authorities ?? null,
    autoapprove: input.autoapprove ?? null,
    accessTokenValidity: input.accessTokenValidity,
    refreshTokenValidity: input.refreshTokenValidity,
  })

  /** `client_id` is unique in the table, deleted rows included. */
  const assertFree = async (clientId: string, exceptId?: bigint) => {
    const clash = await prisma.client.findFirst({
      where: { clientId, isDeleted: 0, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
      select: { id: true },
    })
    if (clash) {
      throw AppError.badRequest(ClientMsg.EXISTS)
    }
  }

  const audit = (ctx: TCtx) => ({ ...withAudit(ctx).updated })

  return {
    ...crud,
    async page(ctx: TCtx, query: Parameters<typeof crud.page>[1]) {
      assertAdministrator(ctx)
      return crud.page(ctx, query)
    },
    async detail(ctx: TCtx, id: bigint) {
      assertAdministrator(ctx)
      return crud.detail(ctx, id)
    },
    async create(ctx: TCtx, input: TClientSubmit) {
      assertAdministrator(ctx)
      if (!input.clientSecret) {
        throw AppError.badRequest(ClientMsg.SECRET)
      }
      await assertFree(input.clientId)
      const secret = hashClientSecret(input.clientSecret)
      return prisma.$transaction(async (tx) => {
        // A deleted client keeps its row; its id may be given again.
        await tx.client.deleteMany({ where: { clientId: input.clientId, isDeleted: 1 } })
        return tx.client.create({
          data: {
            ...rowOf(input),
            id: nextId(),
            clientSecret: secret,
            createUser: ctx.user?.userId ?? null,
            createDept: ctx.user?.deptIds[0] ?? null,
            ...audit(ctx),
          },
        })
      })
    },
    /** A partial update (decision 025): the stored client with the fields carried applied. */
    async update(ctx: TCtx, id: bigint, patch: TPatch<typeof ZClientSubmitSchema>) {
      assertAdministrator(ctx)
      const current = await prisma.client.findFirst({ where: { id, isDeleted: 0 } })
      if (!current) {
        throw AppError.notFound()
      }
      // The stored secret is a hash: an update sets a new one only when it carries one.
      const { clientSecret: _hash, ...stored } = current
      const input = applyPatch(ZClientSubmitSchema, stored, patch)
      await assertFree(input.clientId, id)
      if (current.clientId === webClientId && input.clientId !== webClientId) {
        throw AppError.badRequest(ClientMsg.IN_USE)
      }
      await prisma.$transaction(async (tx) => {
        await tx.client.deleteMany({ where: { clientId: input.clientId, isDeleted: 1 } })
        await tx.client.update({
          where: { id },
          data: {
            ...rowOf(input),
            ...(input.clientSecret ? { clientSecret: hashClientSecret(input.clientSecret) } : {}),
            ...audit(ctx),
          },
        })
      })
    },
    async remove(ctx: TCtx, ids: bigint[]) {
      assertAdministrator(ctx)
      const web = await prisma.client.findFirst({
        where: { id: { in: ids }, clientId: webClientId, isDeleted: 0 },
        select: { id: true },
      })
      if (web) {
        throw AppError.badRequest(ClientMsg.IN_USE)
      }
      return crud.remove(ctx, ids)
    },
  }
}
export type TClientService = ReturnType<typeof createClientService>
