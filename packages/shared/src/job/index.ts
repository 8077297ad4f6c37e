export * from './job-info.ts'
export * from './job-instance.ts'
export * from './job-server.ts'
export * from './schedule.ts'
