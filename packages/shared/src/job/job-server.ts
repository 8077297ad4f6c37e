import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zOptionalText, zRequired } from '../common/validators.ts'

/** Spec section 5: every field required except the remark. */
export const JobServerMsg = {
  NAME: '请输入服务名称',
  URL: '请输入服务器地址',
  APP_NAME: '请输入应用名称',
  APP_PASSWORD: '请输入应用密码',
  NAME_EXISTS: '当前服务名称已存在!',
  IN_USE: '该服务下还有任务,请先删除任务',
} as const

/** A job server (任务应用) as submit and the form take it. */
export const ZJobServerSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  jobServerName: zRequired(JobServerMsg.NAME, 100),
  jobServerUrl: zRequired(JobServerMsg.URL, 255),
  jobAppName: zRequired(JobServerMsg.APP_NAME, 100),
  jobAppPassword: zRequired(JobServerMsg.APP_PASSWORD, 100),
  jobRemark: zOptionalText(500),
})
export type TJobServerSubmit = z.infer<typeof ZJobServerSubmitSchema>

/**
 * A job server as list and detail answer it: the application password masked (spec section 3 names the
 * field; it is never answered in full, and the mask sent back keeps the stored one).
 */
export const ZJobServerRecordSchema = z.object({
  id: ZWireIdSchema,
  jobServerName: z.string(),
  jobServerUrl: z.string(),
  jobAppName: z.string(),
  jobAppPassword: z.string().meta({ format: 'password' }),
  jobRemark: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TJobServer = z.infer<typeof ZJobServerRecordSchema>

/** `POST sync` of a job server: reconcile the schedules of every job of this server. */
export const ZJobServerSyncSchema = z.object({ id: ZIdSchema })
