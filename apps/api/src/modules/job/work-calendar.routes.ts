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
import { z } from 'zod'
import { routeKit } from '../../lib/route-kit.ts'
import type { TWorkCalendarService } from './work-calendar.service.ts'

const READ = { permission: 'job_calendar' }

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
  const k = routeKit(app, { tags: ['work-calendar'], prefix: '/api/ysjs-job/work-calendar' })
  k.read(
    'GET',
    '/years',
    READ,
    {
      summary: '工作日历: 已有数据的年份 (放假天数, 调休上班天数)',
      response: z.array(ZWorkCalendarYearRecordSchema),
    },
    () => calendar.years(),
  )
  k.read(
    'GET',
    '/detail',
    READ,
    {
      summary: '工作日历: 一年的放假日与调休上班日',
      querystring: ZWorkCalendarYearQuerySchema,
      response: ZWorkCalendarDetailSchema,
    },
    (_ctx, { query }) => calendar.detail(query.year),
  )
  k.read(
    'GET',
    '/check',
    READ,
    {
      summary: '工作日历: 某天是否工作日, 下一个工作日, n 个工作日后的日期',
      querystring: ZWorkCalendarCheckQuerySchema,
      response: ZWorkCalendarCheckSchema,
    },
    (_ctx, { query }) => calendar.check(query.date, query.n),
  )
  k.read(
    'POST',
    '/submit',
    { permission: 'job_calendar_edit', platform: true },
    {
      summary: '工作日历: 保存一年 (替换该年全部日期; 上传的数据文件在页面展开后同样提交)',
      body: ZWorkCalendarSubmitSchema,
      response: z.number(),
    },
    (ctx, { body }) => calendar.submit(ctx, body),
  )
  k.read(
    'POST',
    '/remove',
    { permission: 'job_calendar_delete', platform: true },
    {
      summary: '工作日历: 删除年份 (ids 为逗号分隔的年份)',
      querystring: ZYearsQuery,
      response: z.number(),
    },
    (_ctx, { query }) => calendar.remove(query.ids),
  )
}
