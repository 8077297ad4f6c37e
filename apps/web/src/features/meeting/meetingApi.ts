import type { TMeeting, TMeetingFee, TPage, TRegistered } from '@ysjs/shared'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'

export const API = '/api/ysjs-meeting'
export const REG = `${API}/registeredmeeting`

type TRoomGuest = { id: string; name: string; unitName: string; sex: number | null; roomWish: number }
export type TRoomAllocation = {
  bedCount: number
  rooms: {
    houseNo: string
    sex: number | null
    single: boolean
    manual: boolean
    occupants: (TRoomGuest & { manual: boolean })[]
  }[]
  unallocated: (TRoomGuest & { reason: string })[]
}
type TPassenger = { id: string; name: string; arrivalTime: string }
export type TTrip = {
  id: string
  station: string
  pickupTime: string
  busyUntil: string
  plateNo: string
  seats: number
  capacity: number
  driverId: string | null
  driverName: string | null
  escortId: string | null
  escortName: string | null
  manual: boolean
  passengers: TPassenger[]
}
export type TCarAllocation = {
  trips: TTrip[]
  uncovered: {
    tripId: string | null
    station: string
    pickupTime: string
    reason: string
    passengers: TPassenger[]
  }[]
  unallocated: { id: string; name: string; reason: string }[]
}
/** A driver (a platform user) and the plates they drive. */
export type TDriver = { id: string; name: string; phone: string | null; plateNos: string[] }
export type TEscort = { id: string; name: string; phone: string }
export type TStats = {
  registered: number
  byUnit: { unitName: string; count: number }[]
  byArrivalDay: { day: string; count: number }[]
  bySex: { sex: number; sexName: string; count: number }[]
}

/** A member's saved attendee (`registrants`) and invoice title (`invoicing`). */
export type TSavedRegistrant = {
  id: string
  name: string
  sex: number
  unitName: string
  phone: string
  position: string | null
}
export type TSavedInvoicing = { id: string; invoiceTitle: string; taxNumber: string; invoiceType: number }

export const meetingApi = {
  /** The newest meetings, for the meeting pickers. */
  choices: async () =>
    (await http.get<TPage<TMeeting>>(`${API}/meeting/list`, { current: 1, size: 200 })).records,
  listOpen: () => http.get<TMeeting[]>(`${API}/meeting/listOpen`),
  status: (id: string, status: number) =>
    http.post(`${API}/meeting/UpdateStatusById`, undefined, { params: { id, status } }),
  shelves: (id: string, shelves: number) =>
    http.post(`${API}/meeting/UpdateShelvesById`, undefined, { params: { id, shelves } }),
  fees: (current: number, size: number) =>
    http.get<TPage<TMeetingFee>>(`${API}/meeting/listInvoicing`, { current, size }),
  stats: (meetingId: string) => http.get<TStats>(`${REG}/statistics`, { meetingId }),
  mine: () => http.get<TRegistered[]>(`${REG}/mine`),
  register: (values: Record<string, unknown>) => http.post(`${REG}/save`, values),
  /** The caller's saved attendees and invoice titles (member centre). */
  savedRegistrants: () => http.get<TSavedRegistrant[]>(`${API}/registrants/listAll`),
  saveRegistrant: (values: Omit<TSavedRegistrant, 'id'>) => http.post(`${API}/registrants/save`, values),
  removeRegistrant: (id: string) =>
    http.post(`${API}/registrants/remove`, undefined, { params: { ids: id } }),
  savedInvoicings: () => http.get<TSavedInvoicing[]>(`${API}/invoicing/listAll`),
  saveInvoicing: (values: Omit<TSavedInvoicing, 'id'>) => http.post(`${API}/invoicing/save`, values),
  removeInvoicing: (id: string) => http.post(`${API}/invoicing/remove`, undefined, { params: { ids: id } }),
  cancel: (id: string) => http.post(`${API}/meetingRelational/remove`, undefined, { params: { ids: id } }),
  rooms: (meetingId: string) => http.get<TRoomAllocation>(`${REG}/allocationView`, { meetingId }),
  allocateRooms: (q: { meetingId: string; betweenOne: string; betweenTwo: string; bedCount: number }) =>
    http.get<TRoomAllocation>(`${REG}/IntelligentAllocation`, q),
  updateHouse: (id: string, houseNo: string) => http.post(`${REG}/updateHouse`, { id, houseNo }),
  trips: (meetingId: string) => http.get<TCarAllocation>(`${REG}/arrangeView`, { meetingId }),
  allocateCars: (meetingId: string, windowMinutes: number) =>
    http.get<TCarAllocation>(`${REG}/IntelligentAllocationCar`, { meetingId, windowMinutes }),
  updateCar: (id: string, carNo: string) => http.post(`${REG}/updateCar`, { id, carNo }),
  updatePickup: (id: string, driverId: string, escortId: string) =>
    http.post(`${REG}/updatePickup`, { id, driverId, escortId }),
  /** The tenant's users, to choose a vehicle's driver from. */
  users: async () => (await http.get<TPage<TDriver>>(`${API}/user/list`)).records,
  /** Drivers and escorts with no trip at that time. */
  freeDrivers: async (driverTime: string) =>
    (await http.get<TPage<TDriver>>(`${API}/user/list`, { driverTime })).records,
  freeEscorts: (time: string) => http.get<TEscort[]>(`${API}/escort/freeTimedetail`, { time }),
  vehicles: async () =>
    (
      await http.get<TPage<{ id: string; plateNo: string; seats: number; driverName: string }>>(
        `${API}/carMaintenance/list`,
        { current: 1, size: 100 },
      )
    ).records,
  updatePrice: (id: string, price: string, payStatus: number) =>
    http.post(`${REG}/updatePrice`, { id, price, payStatus }),
  updateInvoicing: (values: Record<string, unknown>) => http.post(`${REG}/updateInvoicing`, values),
  invoicingReturn: (values: Record<string, unknown>) =>
    http.post(`${REG}/updateMeetingInvoicingReturn`, values),
}

/** The invoicing export of a meeting (xlsx). */
export const exportInvoicing = (meetingId: string) =>
  downloadFile({ url: `${REG}/exportInvoicingExcel`, params: { meetingId } }).catch(() => undefined)
