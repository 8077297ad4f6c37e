import type { TMeeting, TMeetingFee, TPage, TRegistered } from '@ysjs/shared'
import { http } from '@/lib/http'
import { getAccessToken } from '@/lib/session/session'

export const API = '/api/ysjs-meeting'
export const REG = `${API}/registeredmeeting`

export type TRoomAllocation = {
  rooms: {
    houseNo: string
    sex: number | null
    single: boolean
    manual: boolean
    occupants: { id: string; name: string; unitName: string }[]
  }[]
  unallocated: { id: string; name: string; reason: string }[]
}
export type TCarAllocation = {
  trips: {
    id: string
    station: string
    pickupTime: string
    plateNo: string
    seats: number
    driverName: string | null
    escortName: string | null
    manual: boolean
    passengers: { id: string; name: string; arrivalTime: string }[]
  }[]
  unallocated: { id: string; name: string; reason: string }[]
}
export type TStats = {
  registered: number
  byUnit: { unitName: string; count: number }[]
  byArrivalDay: { day: string; count: number }[]
  bySex: { sex: number; sexName: string; count: number }[]
}

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
  cancel: (id: string) => http.post(`${API}/meetingRelational/remove`, undefined, { params: { ids: id } }),
  rooms: (meetingId: string) => http.get<TRoomAllocation>(`${REG}/allocationView`, { meetingId }),
  allocateRooms: (q: { meetingId: string; betweenOne: string; betweenTwo: string; bedCount: number }) =>
    http.get<TRoomAllocation>(`${REG}/IntelligentAllocation`, q),
  updateHouse: (id: string, houseNo: string) => http.post(`${REG}/updateHouse`, { id, houseNo }),
  trips: (meetingId: string) => http.get<TCarAllocation>(`${REG}/arrangeView`, { meetingId }),
  allocateCars: (meetingId: string, windowMinutes: number) =>
    http.get<TCarAllocation>(`${REG}/IntelligentAllocationCar`, { meetingId, windowMinutes }),
  updateCar: (id: string, carNo: string) => http.post(`${REG}/updateCar`, { id, carNo }),
  updatePrice: (id: string, price: string, payStatus: number) =>
    http.post(`${REG}/updatePrice`, { id, price, payStatus }),
  updateInvoicing: (values: Record<string, unknown>) => http.post(`${REG}/updateInvoicing`, values),
  invoicingReturn: (values: Record<string, unknown>) =>
    http.post(`${REG}/updateMeetingInvoicingReturn`, values),
}

/** Starts the invoicing export of a meeting as a download (the link carries the token). */
export const exportInvoicing = (meetingId: string) => {
  const token = getAccessToken()
  const a = document.createElement('a')
  a.href = `${REG}/exportInvoicingExcel?meetingId=${meetingId}&blade-auth=${encodeURIComponent(`bearer ${token ?? ''}`)}`
  a.download = ''
  document.body.appendChild(a)
  a.click()
  a.remove()
}
