export declare const startTestServices: () => Promise<{
  databaseUrl: string
  redisUrl: string
  stop: () => Promise<void>
  source: 'local' | 'testcontainers'
}>
