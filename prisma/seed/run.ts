import { createPrisma } from '../src/index.ts'
import { seed } from './index.ts'

const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/ysjs'
const prisma = createPrisma({ url, max: 2 })
try {
  await seed(prisma, { clientSecret: process.env.CLIENT_SECRET ?? 'saber_secret', log: console.log })
} finally {
  await prisma.$disconnect()
}
