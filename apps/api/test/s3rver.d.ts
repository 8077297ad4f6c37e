// Minimal types for the local S3 server used by the storage tests (the package ships none).
declare module '@20minutes/s3rver' {
  type TOptions = { port?: number; address?: string; silent?: boolean; directory: string }
  export default class S3rver {
    constructor(options: TOptions)
    run(): Promise<{ port: number; address: string }>
    close(): Promise<void>
  }
}
