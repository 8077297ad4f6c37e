import type { PrismaClient } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import type { TModulePlugin } from './module-deps.ts'
// @generated-imports: the code generator's apply script inserts module imports above this line.

/** A module written by the code generator (decision 020): registers its routes. */
export type TGeneratedModule = {
  name: string
  register: (app: FastifyInstance, prisma: PrismaClient) => void
}

export const generatedModules: TGeneratedModule[] = [
  // @generated-modules: the apply script inserts one entry per module above this line.
]

/** The generated modules, as one plugin. */
export const generatedModule: TModulePlugin = async (app, { prisma }) => {
  for (const module of generatedModules) {
    module.register(app, prisma)
  }
}
