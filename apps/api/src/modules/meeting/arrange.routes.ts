import {
  parseDateTime,
  ZCarAllocationQuerySchema,
  ZCarAllocationResultSchema,
  ZDriverTimeQuerySchema,
  ZEscortRecordSchema,
  ZFreeDriverSchema,
  ZFreeTimeQuerySchema,
  ZMeetingIdQuerySchema,
  ZRoomAllocationQuerySchema,
  ZRoomAllocationResultSchema,
  ZUpdateCarSchema,
  ZUpdateHouseSchema,
  ZUpdatePickupSchema,
  ZWholePageQuerySchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { zPage } from '../../lib/envelope.ts'
import { pageOfAll } from '../../lib/paging.ts'
import type { TAllocationService } from './allocation.service.ts'
import { anyOf, meetingKit } from './meeting-kit.ts'

/**
 * Rooms and pick-ups (decision 018): the allocations, their views and the manual changes (under
 * `/registeredmeeting`), and who is free at a time (escorts, drivers).
 */
export const arrangeRoutes = (app: FastifyInstance, allocation: TAllocationService) => {
  const k = meetingKit(app, 'registeredmeeting')
  const byMeeting = { querystring: ZMeetingIdQuerySchema }
  k.command(
    'POST',
    '/updateHouse',
    anyOf('meeting_allocation_list_house'),
    { summary: '手动分配房间 (空则取消手动分配)', body: ZUpdateHouseSchema },
    (ctx, { body }) => allocation.updateHouse(ctx, BigInt(body.id), body.houseNo),
  )
  k.command(
    'POST',
    '/updateCar',
    anyOf('meeting_arrange_list_car'),
    { summary: '手动分配车辆 (车牌号; 空则取消手动分配)', body: ZUpdateCarSchema },
    (ctx, { body }) => allocation.updateCar(ctx, BigInt(body.id), body.carNo),
  )
  k.command(
    'POST',
    '/updatePickup',
    anyOf('meeting_arrange_list_car'),
    {
      summary: '调整接站车次的司机与接送人员 (须在该时段空闲; 接送人员占一个座位)',
      body: ZUpdatePickupSchema,
    },
    (ctx, { body }) => allocation.updatePickup(ctx, body),
  )
  k.read(
    'GET',
    '/IntelligentAllocation',
    anyOf('meeting_allocation_list_auto'),
    {
      summary: '智能分配房间 (住宿与 [betweenOne, betweenTwo] 重叠者, 每间 bedCount 床)',
      querystring: ZRoomAllocationQuerySchema,
      response: ZRoomAllocationResultSchema,
    },
    (ctx, { query }) => allocation.allocateRooms(ctx, query),
  )
  k.read(
    'GET',
    '/allocationView',
    anyOf('meeting_allocation_list'),
    { summary: '当前房间分配', ...byMeeting, response: ZRoomAllocationResultSchema },
    (ctx, { query }) => allocation.roomView(ctx, BigInt(query.meetingId)),
  )
  k.read(
    'GET',
    '/IntelligentAllocationCar',
    anyOf('meeting_arrange_list_auto'),
    {
      summary: '智能分配接站车辆 (按站点与时段分组, windowMinutes 默认 60)',
      querystring: ZCarAllocationQuerySchema,
      response: ZCarAllocationResultSchema,
    },
    (ctx, { query }) => allocation.allocateCars(ctx, BigInt(query.meetingId), query.windowMinutes),
  )
  k.read(
    'GET',
    '/arrangeView',
    anyOf('meeting_arrange_list'),
    { summary: '当前接站分配', ...byMeeting, response: ZCarAllocationResultSchema },
    (ctx, { query }) => allocation.arrangeView(ctx, BigInt(query.meetingId)),
  )

  meetingKit(app, 'escort').read(
    'GET',
    '/freeTimedetail',
    anyOf('meeting_escort', 'meeting_arrange_list'),
    {
      summary: '该时间空闲的接送人员',
      querystring: ZFreeTimeQuerySchema,
      response: z.array(ZEscortRecordSchema),
    },
    (ctx, { query }) => allocation.freeEscorts(ctx, parseDateTime(query.time)!),
  )
  meetingKit(app, 'user', 'carMaintenance').read(
    'GET',
    '/list',
    anyOf('meeting_arrange_list', 'meeting_car_maintenance', 'meeting_upkeep_list'),
    {
      summary:
        '司机: 给出 driverTime 时为该时间没有接站任务的司机, 否则为可选作司机的用户 (分页, 不传 size 为全部)',
      querystring: ZDriverTimeQuerySchema.extend(ZWholePageQuerySchema.shape),
      response: zPage(ZFreeDriverSchema),
    },
    async (ctx, { query: { driverTime, ...page } }) =>
      pageOfAll(await allocation.drivers(ctx, driverTime ? parseDateTime(driverTime) : null), page),
  )
}
