import {
  EXPERT_PREFIX,
  ZExpertSubmitSchema,
  ZMainExpertSubmitSchema,
  ZPersonSubmitSchema,
  ZUnitAssociationSubmitSchema,
  ZUnitSubmitSchema,
} from '@ysjs/shared'
import { SwitchField } from '@/components/crud/SwitchField'
import type { TField, TResource, TValues } from '@/components/crud/types'
import { EntryPicker, ExpertPicker, UnitPicker } from '@/components/picker/pickerFields'
import { resourceApi } from '@/lib/resource/resourceApi'
import { text } from '@/lib/text'
import type { TExpertRow, TGenericRow, TUnitRow } from './expertApi'
import { AccountField, PhotoField } from './fields'

const F = 'expert.f'

const plain = (name: string, extra: Partial<TField> = {}): TField => ({
  name,
  labelKey: `${F}.${name}`,
  span: 6,
  column: false,
  ...extra,
})
const switchField = (name: string): TField => plain(name, { kind: 'custom', component: SwitchField, span: 6 })

const EXPERT_TEXT = [
  'englishName',
  'nickname',
  'idType',
  'idNumber',
  'nationality',
  'nation',
  'party',
  'workId',
  'educational',
  'degree',
  'school',
  'graduationYear',
  'studied',
  'workStatus',
  'unitNature',
  'fixedPhone',
  'postalCode',
  'address',
  'postalHome',
  'secretaryName',
  'secretaryPhone',
] as const

/** Form values of a stored row: the fields' values as text, nulls as ''. */
const formOf = (row: Record<string, unknown>, names: readonly string[]): TValues =>
  Object.fromEntries([['id', row.id], ...names.map((n) => [n, text(row[n])])])

/** 专家库: the expert entity of spec section 3 (every field optional). */
export const expertResource: TResource<TExpertRow> = {
  key: 'expert-basic',
  nameKey: 'expert.name.expert',
  schema: ZExpertSubmitSchema,
  api: resourceApi<TExpertRow>(`${EXPERT_PREFIX}/expertBasic`, { exportable: true }),
  permissions: { menuPath: '/expert/expertbasic' },
  dialogWidth: 'lg',
  invalidates: ['field-options'],
  fields: [
    plain('pictureUrl', { kind: 'custom', component: PhotoField, span: 12 }),
    plain('name', { search: true, column: { width: 120 } }),
    plain('sex', {
      kind: 'select',
      options: [
        { value: '1', labelKey: `${F}.male` },
        { value: '0', labelKey: `${F}.female` },
      ],
      column: { width: 70 },
    }),
    plain('birty', { kind: 'date' }),
    plain('workUnit', { search: true, column: { flex: 2 } }),
    plain('position'),
    plain('level', { search: true, column: { width: 110 } }),
    plain('profession', { search: true, column: { flex: 1 } }),
    plain('direction', { search: true, column: { flex: 1 } }),
    plain('mobilePhone', { column: { width: 130 } }),
    plain('email'),
    ...EXPERT_TEXT.map((n) => plain(n)),
    plain('userId', { kind: 'custom', component: AccountField }),
    switchField('isSupervisor'),
    switchField('isSciences'),
    switchField('isEngineering'),
    plain('contributions', { kind: 'textarea', rows: 3, span: 12 }),
    plain('introduction', { kind: 'textarea', rows: 3, span: 12 }),
  ],
  defaults: () => ({ isSupervisor: 0, isSciences: 0, isEngineering: 0 }),
  toForm: (row) => ({
    ...formOf(row, [
      'name',
      'sex',
      'birty',
      'workUnit',
      'position',
      'level',
      'profession',
      'direction',
      'mobilePhone',
      'email',
      'pictureUrl',
      'userId',
      'contributions',
      'introduction',
      ...EXPERT_TEXT,
    ]),
    isSupervisor: row.isSupervisor,
    isSciences: row.isSciences,
    isEngineering: row.isEngineering,
  }),
}

/** 单位库. */
export const unitResource: TResource<TUnitRow> = {
  key: 'expert-unit',
  nameKey: 'expert.name.unit',
  schema: ZUnitSubmitSchema,
  api: resourceApi<TUnitRow>(`${EXPERT_PREFIX}/unitTable`, { exportable: true }),
  permissions: { menuPath: '/expert/unittable' },
  invalidates: ['field-options', 'unit-options'],
  dialogWidth: 'md',
  fields: [
    plain('unitName', { search: true, span: 12, column: { flex: 2 } }),
    plain('creditCode', { column: { width: 180 } }),
    plain('nature', { kind: 'dict', dictCode: 'unit_nature', column: { width: 120 } }),
    plain('contact', { search: true, column: { width: 100 } }),
    plain('phone', { column: { width: 130 } }),
    plain('address', { span: 12, column: { flex: 1 } }),
    plain('remark', { kind: 'textarea', rows: 2, span: 12 }),
  ],
  toForm: (row) => formOf(row, ['unitName', 'creditCode', 'nature', 'contact', 'phone', 'address', 'remark']),
}

/** 专家单位: an expert's role in a unit over a period. */
export const associationResource: TResource<TGenericRow> = {
  key: 'expert-unit-association',
  nameKey: 'expert.name.association',
  schema: ZUnitAssociationSubmitSchema,
  api: resourceApi(`${EXPERT_PREFIX}/unitAssociation`, { exportable: true, exact: ['expertId', 'unitId'] }),
  permissions: { menuPath: '/expert/unitassociation' },
  dialogWidth: 'md',
  fields: [
    plain('expertId', { labelKey: `${F}.expert`, kind: 'custom', component: ExpertPicker, search: true }),
    plain('expertName', { labelKey: `${F}.expert`, form: false, column: { width: 120 } }),
    plain('unitId', { labelKey: `${F}.unit`, kind: 'custom', component: UnitPicker, search: true }),
    plain('unitName', { form: false, column: { flex: 2 } }),
    plain('role', { column: { width: 120 } }),
    plain('startDate', { kind: 'date', column: { width: 120 } }),
    plain('endDate', { kind: 'date', column: { width: 120 } }),
    plain('remark', { kind: 'textarea', rows: 2, span: 12 }),
  ],
  // The names ride along for the pickers (the submit schema leaves them out).
  toForm: (row) =>
    formOf(row, ['expertId', 'expertName', 'unitId', 'unitName', 'role', 'startDate', 'endDate', 'remark']),
}

/** 单位人员. */
export const personResource: TResource<TGenericRow> = {
  key: 'expert-person',
  nameKey: 'expert.name.person',
  schema: ZPersonSubmitSchema,
  api: resourceApi(`${EXPERT_PREFIX}/persionTable`, { exportable: true, exact: ['unitId'] }),
  permissions: { menuPath: '/expert/persiontable' },
  dialogWidth: 'md',
  fields: [
    plain('name', { search: true, column: { width: 120 } }),
    plain('unitId', { labelKey: `${F}.unit`, kind: 'custom', component: UnitPicker, search: true }),
    plain('unitName', { form: false, column: { flex: 2 } }),
    plain('sex', {
      kind: 'dict',
      dictCode: 'sex',
      column: { width: 70 },
    }),
    plain('position', { column: { width: 120 } }),
    plain('title', { column: { width: 120 } }),
    plain('phone', { column: { width: 130 } }),
    plain('email'),
    plain('remark', { kind: 'textarea', rows: 2, span: 12 }),
  ],
  toForm: (row) =>
    formOf(row, ['name', 'unitId', 'unitName', 'sex', 'position', 'title', 'phone', 'email', 'remark']),
}

/** 知识专家: one expert linked to one knowledge entry. */
export const mainExpertResource: TResource<TGenericRow> = {
  key: 'kms-main-expert',
  nameKey: 'expert.name.mainExpert',
  schema: ZMainExpertSubmitSchema,
  api: resourceApi('/api/ysjs-kms/blade-kms_main_expert', {
    exportable: true,
    exact: ['mainId', 'expertId'],
  }),
  permissions: { menuPath: '/kms/expert' },
  invalidates: ['kms-main'],
  fields: [
    plain('mainId', {
      labelKey: `${F}.entry`,
      kind: 'custom',
      component: EntryPicker,
      search: true,
      span: 12,
    }),
    plain('mainTitle', { labelKey: `${F}.entry`, form: false, column: { flex: 2 } }),
    plain('expertId', { labelKey: `${F}.expert`, kind: 'custom', component: ExpertPicker, search: true }),
    plain('expertName', { labelKey: `${F}.expert`, form: false, column: { width: 140 } }),
    plain('sort', { kind: 'number', column: { width: 80 } }),
    plain('remark', { kind: 'textarea', rows: 2, span: 12, column: { flex: 1 } }),
  ],
  defaults: () => ({ sort: '0' }),
  toForm: (row) => formOf(row, ['mainId', 'mainTitle', 'expertId', 'expertName', 'sort', 'remark']),
}
