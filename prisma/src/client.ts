import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '../generated/client.ts'

export * from '../generated/client.ts'

export type TPrismaOptions = {
  url: string
  /** Pool size; the default suits a 2-core machine running API and worker side by side. */
  max?: number
}

/** Prisma Client over node-postgres (driver adapter: no native query engine). */
export const createPrisma = ({ url, max = 10 }: TPrismaOptions): PrismaClient => {
  const adapter = new PrismaPg({ connectionString: url, max })
  return new PrismaClient({ adapter })
}
