export * from './client.ts'
export * from './ids.ts'
export * from './password.ts'
export * from './unavailable.ts'
