import type { TModulePlugin } from '../module-deps.ts'
import { createAllocationService } from './allocation.service.ts'
import {
  createCalendarService,
  createCarMaintenanceService,
  createEscortService,
  createInvoicingService,
  createRegistrantService,
} from './entities.service.ts'
import { meetingRoutes } from './meeting.routes.ts'
import { createMeetingService } from './meeting.service.ts'
import { createRegisteredService } from './registered.service.ts'

/** Meetings: registration, allocation of rooms and cars, calendars, invoicing, escorts. */
export const meetingModule: TModulePlugin = async (app, { prisma, permissions }) => {
  const meetings = createMeetingService(prisma, permissions.has)
  meetingRoutes(app, {
    meetings,
    registered: createRegisteredService(prisma, meetings),
    allocation: createAllocationService(prisma, meetings),
    calendars: createCalendarService(prisma),
    registrants: createRegistrantService(prisma, permissions.has),
    invoicings: createInvoicingService(prisma, permissions.has),
    escorts: createEscortService(prisma),
    cars: createCarMaintenanceService(prisma),
  })
}
