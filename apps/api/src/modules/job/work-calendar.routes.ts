import {
  WORK_CALENDAR_YEAR_MAX,
  WORK_CALENDAR_YEAR_MIN,
  WorkCalendarMsg,
  ZWorkCalendarCheckQuerySchema,
  ZWorkCalendarCheckSchema,
  ZWorkCalendarDetailSchema,
  ZWorkCalendarSubmitSchema,
  ZWorkCalendarYearQuerySchema,
  ZWorkCalendarYearRecordSchema,
} from '@ysjs/shared/job'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import type { TWorkCalendarService } from './work-calendar.service.ts'

const BASE = '/api/ysjs-job/work-calendar'

/** `remove?ids=2025,2026`: the years, comma-separated. */
const ZYearsQuery = z.object({
  ids: z
    .string({ message: WorkCalendarMsg.YEAR })
    .regex(/^\d{4}(,\d{4}){0,19}$/, WorkCalendarMsg.YEAR)
    .transform((v) => v.split(',').map(Number))
    .refine(
      (ys) => ys.every((y) => y >= WORK_CALENDAR_YEAR_MIN && y <= WORK_CALENDAR_YEAR_MAX),
      WorkCalendarMsg.YEAR,
    ),
})

// The calendar is the deployment's: any tenant with the menu reads it, only the platform's administrator
// edits it (access `platform`).

export const workCalendarRoutes = (app: FastifyInstance, calendar: TWorkCalendarService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['work-calendar']
  r.get(`${BASE}/years`, {
    config: { access: { permission: 'job_calendar' } },
    schema: {
      tags,
      summary: '工作日历: 已有数据的年份 (放假天数, 调休上班天数)',
      response: { 200: zEnvelope(z.array(ZWorkCalendarYearRecordSchema)) },
    },
    handler: async () => ok(await calendar.years()),
  })
  r.get(`${BASE}/detail`, {
    config: { access: { permission: 'job_calendar' } },
    schema: {
      tags,
      summary: '工作日历: 一年的放假日与调休上班日',
      querystring: ZWorkCalendarYearQuerySchema,
      response: { 200: zEnvelope(ZWorkCalendarDetailSchema) },
    },
    handler: async (request) => ok(await calendar.detail(request.query.year)),
  })
  r.get(`${BASE}/check`, {
    config: { access: { permission: 'job_calendar' } },
    schema: {
      tags,
      summary: '工作日历: 某天是否工作日, 下一个工作日, n 个工作日后的日期',
      querystring: ZWorkCalendarCheckQuerySchema,
      response: { 200: zEnvelope(ZWorkCalendarCheckSchema) },
    },
    handler: async (request) => ok(await calendar.check(request.query.date, request.query.n)),
  })
  r.post(`${BASE}/submit`, {
    config: { access: { permission: 'job_calendar_edit', platform: true } },
    schema: {
      tags,
      summary: '工作日历: 保存一年 (替换该年全部日期; 上传的数据文件在页面展开后同样提交)',
      body: ZWorkCalendarSubmitSchema,
      response: { 200: zEnvelope(z.number()) },
    },
    handler: async (request) => ok(await calendar.submit(ctxOf(request), request.body)),
  })
  r.post(`${BASE}/remove`, {
    config: { access: { permission: 'job_calendar_delete', platform: true } },
    schema: {
      tags,
      summary: '工作日历: 删除年份 (ids 为逗号分隔的年份)',
      querystring: ZYearsQuery,
      response: { 200: zEnvelope(z.number()) },
    },
    handler: async (request) => ok(await calendar.remove(request.query.ids)),
  })
}
