import {
  PERMISSIONS,
  type TMeeting,
  type TRegistered,
  ZCalendarSubmitSchema,
  ZCarMaintenanceSubmitSchema,
  ZEscortSubmitSchema,
  ZInvoicingReturnSchema,
  ZInvoicingSubmitSchema,
  ZMeetingSubmitSchema,
  ZRegisteredSubmitSchema,
  ZRegistrantSubmitSchema,
  ZUpdateInvoicingSchema,
  ZUpdatePriceSchema,
} from '@ysjs/shared'
import type { TField, TOption, TResource, TRow } from '@/components/crud/types'
import { http } from '@/lib/http'
import { resourceApi } from '@/lib/resource/resourceApi'
import { text } from '@/lib/text'
import { API, meetingApi, REG } from './meetingApi'
import { PriceItemsField } from './PriceItemsField'

export type TMeetingRow = TMeeting & Record<string, unknown>
export type TRegisteredRow = TRegistered & Record<string, unknown>
type TAnyRow = TRow

const M = 'meeting.meeting'
const R = 'meeting.reg'
const E = 'meeting.entity'
const SEX: TOption[] = [
  { value: '1', label: '男' },
  { value: '2', label: '女' },
]
const ROOM_WISH: TOption[] = [
  { value: '1', label: '单住' },
  { value: '2', label: '合住' },
]
const INVOICE_TYPE: TOption[] = [
  { value: '1', label: '增值税普通发票' },
  { value: '2', label: '增值税专用发票' },
]
const MEETING_TYPE: TOption[] = [
  { value: '1', label: '线上' },
  { value: '2', label: '线下' },
]
const codes = (page: string) => ({
  codes: { add: `${page}_add`, edit: `${page}_edit`, delete: `${page}_delete`, view: `${page}_view` },
})

/** 会议信息. */
export const meetingResource: TResource<TMeetingRow> = {
  key: 'meeting',
  nameKey: `${M}.name`,
  schema: ZMeetingSubmitSchema,
  api: resourceApi<TMeetingRow>(`${API}/meeting`, { exact: ['status'], exportable: true }),
  permissions: codes(PERMISSIONS.meetingInfo),
  dialogWidth: 'md',
  fields: [
    { name: 'name', labelKey: `${M}.title`, search: true, column: { flex: 2 } },
    { name: 'startTime', labelKey: `${M}.startTime`, kind: 'datetime', span: 6, column: { width: 170 } },
    { name: 'endTime', labelKey: `${M}.endTime`, kind: 'datetime', span: 6, column: { width: 170 } },
    { name: 'address', labelKey: `${M}.address`, span: 6, column: { width: 120 } },
    {
      name: 'meetingType',
      labelKey: `${M}.meetingType`,
      kind: 'select',
      options: MEETING_TYPE,
      span: 6,
      column: false,
    },
    {
      name: 'status',
      labelKey: `${M}.status`,
      kind: 'dict',
      dictCode: 'meeting_status',
      search: true,
      form: false,
      column: { width: 100 },
    },
    {
      name: 'shelves',
      labelKey: `${M}.shelves`,
      kind: 'dict',
      dictCode: 'shelves',
      form: false,
      column: { width: 90 },
    },
    {
      name: 'priceItems',
      labelKey: `${M}.priceItems`,
      kind: 'custom',
      component: PriceItemsField,
      column: false,
    },
    { name: 'content', labelKey: `${M}.content`, kind: 'textarea', rows: 3, column: false },
  ],
  defaults: () => ({ meetingType: '2', priceItems: [{ itemName: '会务费', itemType: 1, price: '' }] }),
  toForm: (row) => ({
    id: row.id,
    name: row.name,
    startTime: row.startTime,
    endTime: row.endTime,
    address: row.address,
    meetingType: text(row.meetingType),
    content: text(row.content),
    priceItems: row.priceItems.map((i) => ({ itemName: i.itemName, itemType: i.itemType, price: i.price })),
  }),
}

const registrationFields: TField[] = [
  { name: 'name', labelKey: `${R}.person`, search: true, span: 6, column: { width: 100 } },
  { name: 'sex', labelKey: `${R}.sex`, kind: 'select', options: SEX, span: 6, column: false },
  { name: 'sexName', labelKey: `${R}.sex`, form: false, column: { width: 60 } },
  { name: 'unitName', labelKey: `${R}.unitName`, search: true, span: 6, column: { flex: 1 } },
  { name: 'phone', labelKey: `${R}.phone`, search: true, span: 6, column: { width: 130 } },
  { name: 'position', labelKey: `${R}.position`, span: 6, column: false },
  { name: 'arrivalStation', labelKey: `${R}.arrivalStation`, span: 6, column: { width: 110 } },
  { name: 'arrivalTime', labelKey: `${R}.arrivalTime`, kind: 'datetime', span: 6, column: { width: 160 } },
  { name: 'departureTime', labelKey: `${R}.departureTime`, kind: 'datetime', span: 6, column: false },
  { name: 'roomWish', labelKey: `${R}.roomWish`, kind: 'select', options: ROOM_WISH, span: 6, column: false },
  { name: 'roomWishName', labelKey: `${R}.roomWish`, form: false, column: { width: 80 } },
  { name: 'invoiceTitle', labelKey: `${R}.invoiceTitle`, span: 6, column: false },
  { name: 'taxNumber', labelKey: `${R}.taxNumber`, span: 6, column: false },
  {
    name: 'invoiceType',
    labelKey: `${R}.invoiceType`,
    kind: 'select',
    options: INVOICE_TYPE,
    span: 6,
    column: false,
  },
  { name: 'price', labelKey: `${R}.price`, form: false, column: { width: 100 } },
  { name: 'payStatusName', labelKey: `${R}.payStatus`, form: false, column: { width: 80 } },
  { name: 'invoiceStatusName', labelKey: `${R}.invoiceStatus`, form: false, column: { width: 80 } },
  { name: 'houseNo', labelKey: `${R}.houseNo`, form: false, column: { width: 80 } },
  { name: 'carNo', labelKey: `${R}.carNo`, form: false, column: { width: 100 } },
  { name: 'remark', labelKey: `${R}.remark`, kind: 'textarea', rows: 2, column: false },
]

/** 参会报名 of one meeting (`filter.meetingId`): save refuses closed meetings and repeated phones. */
export const registeredResource: TResource<TRegisteredRow> = {
  key: 'registeredmeeting',
  nameKey: `${R}.name`,
  schema: ZRegisteredSubmitSchema,
  api: {
    list: async ({ current, size, search }) => {
      const params: Record<string, string | number> = { current, size }
      for (const [k, v] of Object.entries(search)) {
        if (v !== '') {
          params[k] = v
        }
      }
      if (!params.meetingId) {
        return { records: [], total: 0 }
      }
      const page = await http.get<{ records: TRegisteredRow[]; total: number }>(
        `${REG}/pageByMeetingId`,
        params,
      )
      return { records: page.records, total: page.total }
    },
    detail: (id) => http.get<TRegisteredRow>(`${REG}/detail`, { id }),
    submit: (values) => http.post(values.id ? `${REG}/update` : `${REG}/save`, values),
    remove: (ids) => http.post(`${REG}/remove`, undefined, { params: { ids: ids.join(',') } }),
  },
  permissions: codes(PERMISSIONS.meetingRegistered),
  dialogWidth: 'md',
  fields: registrationFields,
  toForm: (row) => ({
    id: row.id,
    meetingId: row.meetingId,
    name: row.name,
    sex: text(row.sex),
    unitName: row.unitName,
    phone: row.phone,
    position: text(row.position),
    arrivalStation: text(row.arrivalStation),
    arrivalTime: text(row.arrivalTime),
    departureTime: text(row.departureTime),
    roomWish: text(row.roomWish),
    invoiceTitle: text(row.invoiceTitle),
    taxNumber: text(row.taxNumber),
    invoiceType: text(row.invoiceType),
    remark: text(row.remark),
  }),
}

/** A staff action on one registration: the generic dialog over one call (never a list of its own). */
const registrationAction = (
  submit: (values: Record<string, unknown>) => Promise<unknown>,
): TResource<TRegisteredRow>['api'] => ({
  list: async () => ({ records: [], total: 0 }),
  submit,
  remove: async () => undefined,
})

/** 开票: the invoice's title, tax number and type; a number given means the invoice was issued. */
export const invoiceResource: TResource<TRegisteredRow> = {
  key: 'registeredmeeting-invoice',
  nameKey: `${R}.invoiceForm`,
  schema: ZUpdateInvoicingSchema,
  api: registrationAction((values) => meetingApi.updateInvoicing(values)),
  permissions: codes(PERMISSIONS.meetingRegistered),
  dialogWidth: 'sm',
  fields: [
    { name: 'invoiceTitle', labelKey: `${R}.invoiceTitle`, span: 12 },
    { name: 'taxNumber', labelKey: `${R}.taxNumber`, span: 12 },
    { name: 'invoiceType', labelKey: `${R}.invoiceType`, kind: 'select', options: INVOICE_TYPE, span: 12 },
    { name: 'invoiceNo', labelKey: `${R}.invoiceNo`, span: 12 },
  ],
  toForm: (row) => ({
    id: row.id,
    invoiceTitle: text(row.invoiceTitle),
    taxNumber: text(row.taxNumber),
    invoiceType: text(row.invoiceType),
    invoiceNo: text(row.invoiceNo),
  }),
}

const INVOICE_ACTIONS: TOption[] = [
  { value: '2', labelKey: `${R}.returnInvoice` },
  { value: '3', labelKey: `${R}.reissue` },
]
/** 退回 an issued invoice, or 重开 a returned one under a new number; each with its reason (history). */
export const invoiceReturnResource: TResource<TRegisteredRow> = {
  key: 'registeredmeeting-return',
  nameKey: `${R}.returnForm`,
  schema: ZInvoicingReturnSchema,
  api: registrationAction((values) => meetingApi.invoicingReturn(values)),
  permissions: codes(PERMISSIONS.meetingRegistered),
  dialogWidth: 'sm',
  fields: [
    { name: 'action', labelKey: `${R}.action`, kind: 'select', options: INVOICE_ACTIONS, span: 12 },
    { name: 'reason', labelKey: `${R}.reason`, kind: 'textarea', rows: 3, span: 12 },
    { name: 'invoiceNo', labelKey: `${R}.newInvoiceNo`, span: 12 },
  ],
  // An issued (1) or reissued (3) invoice is returned next; a returned one (2) is reissued.
  toForm: (row) => ({
    id: row.id,
    action: row.invoiceStatus === 2 ? '3' : '2',
    reason: '',
    invoiceNo: '',
  }),
}

const PAY_STATUS: TOption[] = [
  { value: '0', labelKey: `${R}.unpaid` },
  { value: '1', labelKey: `${R}.paid` },
]
/** 修改费用: the fee due and whether it is paid. */
export const priceResource: TResource<TRegisteredRow> = {
  key: 'registeredmeeting-price',
  nameKey: `${R}.priceForm`,
  schema: ZUpdatePriceSchema,
  api: registrationAction((values) =>
    meetingApi.updatePrice(String(values.id), String(values.price), Number(values.payStatus ?? 0)),
  ),
  permissions: codes(PERMISSIONS.meetingFeeSituation),
  dialogWidth: 'sm',
  fields: [
    { name: 'price', labelKey: `${R}.price`, span: 12 },
    { name: 'payStatus', labelKey: `${R}.payStatus`, kind: 'select', options: PAY_STATUS, span: 12 },
  ],
  toForm: (row) => ({ id: row.id, price: text(row.price), payStatus: text(row.payStatus) }),
}

/** The registration form of a member (the same fields, no staff columns). */
export const memberRegistrationFields = registrationFields.filter((f) => f.form !== false)

export const calendarResource: TResource<TAnyRow> = {
  key: 'meeting-calendar',
  nameKey: `${E}.calendar`,
  schema: ZCalendarSubmitSchema,
  api: resourceApi(`${API}/calendar`, { exportable: true }),
  permissions: codes(PERMISSIONS.meetingCalendar),
  fields: [
    {
      name: 'meetingId',
      labelKey: `${M}.name`,
      kind: 'select',
      loadOptions: {
        key: 'meeting-choices',
        load: async () => (await meetingApi.choices()).map((m) => ({ value: m.id, label: m.name })),
      },
      column: false,
    },
    { name: 'title', labelKey: `${E}.calendarTitle`, search: true, column: { flex: 1 } },
    { name: 'startTime', labelKey: `${M}.startTime`, kind: 'datetime', span: 6, column: { width: 170 } },
    { name: 'endTime', labelKey: `${M}.endTime`, kind: 'datetime', span: 6, column: { width: 170 } },
    { name: 'place', labelKey: `${E}.place`, column: { width: 140 } },
    { name: 'content', labelKey: `${E}.content`, kind: 'textarea', rows: 3, column: false },
  ],
}

export const registrantResource: TResource<TAnyRow> = {
  key: 'meeting-registrants',
  nameKey: `${E}.registrant`,
  schema: ZRegistrantSubmitSchema,
  api: resourceApi(`${API}/registrants`, { exportable: true }),
  permissions: codes(PERMISSIONS.meetingRegistrants),
  fields: [
    { name: 'name', labelKey: `${R}.person`, search: true, span: 6, column: { width: 120 } },
    { name: 'sex', labelKey: `${R}.sex`, kind: 'select', options: SEX, span: 6, column: { width: 70 } },
    { name: 'unitName', labelKey: `${R}.unitName`, search: true, span: 6, column: { flex: 1 } },
    { name: 'phone', labelKey: `${R}.phone`, span: 6, column: { width: 140 } },
    { name: 'position', labelKey: `${R}.position`, span: 6, column: { width: 120 } },
  ],
  toForm: (row) => ({ ...row, sex: text(row.sex), position: text(row.position) }),
}

export const invoicingResource: TResource<TAnyRow> = {
  key: 'meeting-invoicing',
  nameKey: `${E}.invoicing`,
  schema: ZInvoicingSubmitSchema,
  api: resourceApi(`${API}/invoicing`, { exportable: true }),
  permissions: codes(PERMISSIONS.meetingInvoicing),
  fields: [
    { name: 'invoiceTitle', labelKey: `${R}.invoiceTitle`, search: true, span: 6, column: { flex: 1 } },
    { name: 'taxNumber', labelKey: `${R}.taxNumber`, span: 6, column: { width: 200 } },
    {
      name: 'invoiceType',
      labelKey: `${R}.invoiceType`,
      kind: 'select',
      options: INVOICE_TYPE,
      span: 6,
      column: { width: 150 },
    },
    { name: 'phone', labelKey: `${R}.phone`, span: 6, column: false },
    { name: 'address', labelKey: `${E}.address`, column: false },
    { name: 'bankName', labelKey: `${E}.bankName`, span: 6, column: false },
    { name: 'bankAccount', labelKey: `${E}.bankAccount`, span: 6, column: false },
  ],
  toForm: (row) =>
    Object.fromEntries(
      ['id', 'invoiceTitle', 'taxNumber', 'invoiceType', 'phone', 'address', 'bankName', 'bankAccount'].map(
        (k) => [k, text(row[k])],
      ),
    ),
}

export const escortResource: TResource<TAnyRow> = {
  key: 'meeting-escort',
  nameKey: `${E}.escort`,
  schema: ZEscortSubmitSchema,
  api: resourceApi(`${API}/escort`, { exportable: true }),
  permissions: codes(PERMISSIONS.meetingEscort),
  fields: [
    { name: 'name', labelKey: `${R}.person`, search: true, span: 6, column: { width: 140 } },
    { name: 'sex', labelKey: `${R}.sex`, kind: 'select', options: SEX, span: 6, column: { width: 70 } },
    { name: 'phone', labelKey: `${R}.phone`, search: true, span: 6, column: { width: 140 } },
    { name: 'remark', labelKey: `${R}.remark`, kind: 'textarea', rows: 2, column: { flex: 1 } },
  ],
  toForm: (row) => ({
    id: row.id,
    name: row.name,
    sex: text(row.sex),
    phone: row.phone,
    remark: text(row.remark),
  }),
}

/** Vehicles and their upkeep; `/upkeepList` shows the same rows with its own button codes. */
export const carResource = (
  page: typeof PERMISSIONS.meetingCarMaintenance | typeof PERMISSIONS.meetingUpkeepList,
): TResource<TAnyRow> => ({
  key: `meeting-car-${page}`,
  nameKey: `${E}.car`,
  schema: ZCarMaintenanceSubmitSchema,
  api: resourceApi(`${API}/carMaintenance`, { exportable: true }),
  // Writes go through the vehicle calls, which check the 车辆管理 buttons; /upkeepList only adds its view.
  permissions: { codes: { ...codes(PERMISSIONS.meetingCarMaintenance).codes, view: `${page}_view` } },
  fields: [
    { name: 'plateNo', labelKey: `${E}.plateNo`, search: true, span: 6, column: { width: 120 } },
    { name: 'seats', labelKey: `${E}.seats`, kind: 'number', span: 6, column: { width: 80 } },
    {
      name: 'driverId',
      labelKey: `${E}.driverName`,
      kind: 'select',
      loadOptions: {
        key: 'meeting-driver-choices',
        load: async () =>
          (await meetingApi.users()).map((u) => ({
            value: u.id,
            label: u.phone ? `${u.name} (${u.phone})` : u.name,
          })),
      },
      span: 6,
      column: false,
    },
    { name: 'driverName', labelKey: `${E}.driverName`, search: true, form: false, column: { width: 100 } },
    { name: 'driverPhone', labelKey: `${E}.driverPhone`, span: 6, column: { width: 130 } },
    { name: 'upkeepDate', labelKey: `${E}.upkeepDate`, kind: 'date', span: 6, column: { width: 120 } },
    { name: 'upkeepCost', labelKey: `${E}.upkeepCost`, span: 6, column: { width: 120 } },
    { name: 'upkeepItem', labelKey: `${E}.upkeepItem`, column: { flex: 1 } },
    { name: 'remark', labelKey: `${R}.remark`, kind: 'textarea', rows: 2, column: false },
  ],
  toForm: (row) =>
    Object.fromEntries(
      [
        'id',
        'plateNo',
        'seats',
        'driverId',
        'driverPhone',
        'upkeepDate',
        'upkeepCost',
        'upkeepItem',
        'remark',
      ].map((k) => [k, text(row[k])]),
    ),
})
