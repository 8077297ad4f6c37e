import OpenInNewIcon from '@mui/icons-material/OpenInNew'
import { Link, MenuItem, TextField } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import {
  PERMISSIONS,
  type TPage,
  ZAppraiseAssortSubmitSchema,
  ZResultsPeopleSubmitSchema,
  ZResultsPrincipalSubmitSchema,
  ZResultsUnitSubmitSchema,
} from '@ysjs/shared'
import { useMemo } from 'react'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { CrudScreen, type TRowAction } from '@/components/crud/CrudScreen'
import type {
  TCustomFieldProps,
  TField,
  TResource,
  TResourceApi,
  TRow,
  TValues,
} from '@/components/crud/types'
import { fileUrl } from '@/lib/fileLink'
import { http } from '@/lib/http'
import { ResultsPicker } from './ResultsPicker'
import { PRINCIPAL_FIELDS } from './results/applicationForm'

/**
 * The sub-record menus of 成果评价 (完成单位, 委托单位, 主要研制人员, 成果附件, 附件分类): lists across the
 * applications the user reads, on the generic screen, each row linking to its application.
 */

const P = '/api/ysjs-appraise'
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))

/** The generic calls of one sub-record (`keyword` searches the row's name). */
const rowsApi = <Row extends TRow>(base: string, removePath = `${base}/remove`): TResourceApi<Row> => ({
  list: async ({ current, size, search }) => {
    const page = await http.get<TPage<Row>>(`${P}/${base}/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<Row>(`${P}/${base}/detail`, { id }),
  submit: (values: TValues) => http.post(`${P}/${base}/submit`, values),
  remove: (ids: string[]) => http.post(`${P}/${removePath}`, undefined, { params: { ids: ids.join(',') } }),
})

const codes = (menu: string) => ({
  codes: { add: `${menu}_add`, edit: `${menu}_edit`, delete: `${menu}_delete`, view: `${menu}_view` },
})

/** The application column and picker, and the keyword search, shared by the row resources. */
const resultsFields = (keywordLabel: string): TField[] => [
  { name: 'resultsName', labelKey: 'appraise.field.name', form: false, column: { flex: 2 } },
  { name: 'keyword', labelKey: keywordLabel, search: true, form: false, column: false },
  {
    name: 'resultsId',
    labelKey: 'appraise.field.name',
    kind: 'custom',
    component: ResultsPicker,
    column: false,
    span: 12,
    // A row stays with its application.
    modes: ['add'],
  },
]
const keep = (row: TRow, names: string[]): TValues =>
  Object.fromEntries([['id', row.id], ...names.map((n) => [n, str(row[n])])])

const unitResource: TResource = {
  key: 'appraise-unit',
  nameKey: 'appraise.tab.units',
  schema: ZResultsUnitSubmitSchema,
  api: rowsApi('unit', 'project/unit/remove'),
  permissions: codes(PERMISSIONS.appraiseUnit),
  fields: [
    ...resultsFields('appraise.field.companyName'),
    { name: 'unitName', labelKey: 'appraise.field.companyName', column: { flex: 2 } },
    { name: 'postcode', labelKey: 'appraise.field.unitPostcode', span: 6 },
    { name: 'address', labelKey: 'appraise.field.unitAddress', column: { flex: 2 } },
    { name: 'name', labelKey: 'appraise.field.contact', span: 6 },
    { name: 'phone', labelKey: 'appraise.field.unitPhone', span: 6 },
  ],
  toForm: (row) =>
    keep(row, ['resultsId', 'resultsName', 'unitName', 'postcode', 'address', 'name', 'phone']),
}

/** A person's unit: one of the units of the application chosen in the same form. */
const WorkUnitField = ({
  label,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
  control,
}: TCustomFieldProps) => {
  const resultsId = useWatch({ control, name: 'resultsId' }) as string | undefined
  const units = useQuery({
    queryKey: ['appraise-units-of', resultsId],
    queryFn: () => http.get<{ id: string; unitName: string }[]>(`${P}/unit/findByResultsId`, { resultsId }),
    enabled: !!resultsId,
  })
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={(units.data ?? []).some((u) => u.id === value) ? str(value) : ''}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      error={error}
      helperText={helperText}
    >
      {(units.data ?? []).map((u) => (
        <MenuItem key={u.id} value={u.id}>
          {u.unitName}
        </MenuItem>
      ))}
    </TextField>
  )
}

const peopleResource: TResource = {
  key: 'appraise-people',
  nameKey: 'appraise.tab.people',
  schema: ZResultsPeopleSubmitSchema,
  api: rowsApi('people'),
  permissions: codes(PERMISSIONS.appraisePeople),
  dialogWidth: 'md',
  fields: [
    ...resultsFields('appraise.field.personName'),
    { name: 'name', labelKey: 'appraise.field.personName', span: 6 },
    {
      name: 'sex',
      labelKey: 'appraise.field.sex',
      kind: 'select',
      options: [
        { value: '1', labelKey: 'appraise.sexes.male' },
        { value: '2', labelKey: 'appraise.sexes.female' },
      ],
      span: 6,
      column: false,
    },
    { name: 'birthTime', labelKey: 'appraise.field.birthTime', kind: 'month', span: 6 },
    {
      name: 'jobName',
      labelKey: 'appraise.field.jobName',
      kind: 'dict',
      dictCode: 'technical_title',
      span: 6,
    },
    {
      name: 'educationalLevel',
      labelKey: 'appraise.field.educationalLevel',
      kind: 'dict',
      dictCode: 'educational_level',
      span: 6,
      column: false,
    },
    { name: 'workUnitName', labelKey: 'appraise.field.workUnit', form: false, column: { flex: 2 } },
    {
      name: 'workUnit',
      labelKey: 'appraise.field.workUnit',
      kind: 'custom',
      component: WorkUnitField,
      span: 6,
      column: false,
    },
    {
      name: 'contribution',
      labelKey: 'appraise.field.contribution',
      kind: 'textarea',
      span: 12,
      column: false,
    },
  ],
  defaults: () => ({ sex: '1' }),
  toForm: (row) =>
    keep(row, [
      'resultsId',
      'resultsName',
      'name',
      'sex',
      'birthTime',
      'jobName',
      'educationalLevel',
      'workUnit',
      'contribution',
    ]),
}

const SHOWN_PRINCIPAL_COLUMNS = new Set(['unitName', 'legalPerson', 'name', 'phone'])

const principalResource: TResource = {
  key: 'appraise-principal',
  nameKey: 'appraise.tab.principal',
  schema: ZResultsPrincipalSubmitSchema,
  api: rowsApi('principal'),
  permissions: codes(PERMISSIONS.appraisePrincipal),
  dialogWidth: 'md',
  fields: [
    ...resultsFields('appraise.field.unitName'),
    ...PRINCIPAL_FIELDS.map(
      ([name, label]): TField => ({
        name,
        labelKey: `appraise.field.${label}`,
        span: 6,
        column: SHOWN_PRINCIPAL_COLUMNS.has(name) ? {} : false,
      }),
    ),
  ],
  toForm: (row) => keep(row, ['resultsId', 'resultsName', ...PRINCIPAL_FIELDS.map(([n]) => n)]),
}

const attachResource: TResource = {
  key: 'appraise-attach',
  nameKey: 'appraise.tab.attach',
  schema: ZAppraiseAssortSubmitSchema.partial(),
  api: rowsApi('attach'),
  // Files are added in the application's 附件 tab; here they are found and removed.
  permissions: { codes: { delete: PERMISSIONS.appraiseAttachDelete, view: PERMISSIONS.appraiseAttachView } },
  fields: [
    { name: 'resultsName', labelKey: 'appraise.field.name', column: { flex: 2 } },
    { name: 'keyword', labelKey: 'appraise.fileName', search: true, form: false, column: false },
    { name: 'assortName', labelKey: 'appraise.assort' },
    {
      name: 'name',
      labelKey: 'appraise.fileName',
      column: {
        flex: 2,
        render: (row) => (
          <Link href={fileUrl(str(row.link))} target="_blank" rel="noopener">
            {str(row.name)}
          </Link>
        ),
      },
    },
    { name: 'createTime', labelKey: 'appraise.uploadTime' },
  ],
}

const assortResource: TResource = {
  key: 'appraise-assort',
  nameKey: 'appraise.assort',
  schema: ZAppraiseAssortSubmitSchema,
  api: rowsApi('assort'),
  permissions: codes(PERMISSIONS.appraiseAssort),
  fields: [
    { name: 'keyword', labelKey: 'appraise.assortName', search: true, form: false, column: false },
    { name: 'name', labelKey: 'appraise.assortName', column: { flex: 2 } },
    { name: 'code', labelKey: 'appraise.assortCode', span: 6 },
    { name: 'sort', labelKey: 'appraise.sort', kind: 'number', span: 6 },
    { name: 'remark', labelKey: 'appraise.remark', kind: 'textarea', span: 12, column: { flex: 2 } },
    { name: 'files', labelKey: 'appraise.fileCount', form: false },
  ],
  toForm: (row) => keep(row, ['name', 'code', 'sort', 'remark']),
}

/** A list of one kind of sub-record, each row opening its application on the matching tab. */
const SubRecordPage = ({ resource, tab }: { resource: TResource; tab: string }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const actions = useMemo<TRowAction<TRow>[]>(
    () => [
      {
        key: 'open',
        label: t('appraise.openApplication'),
        Icon: OpenInNewIcon,
        onClick: (row) => navigate(`/appraise/results?open=${str(row.resultsId)}&tab=${tab}`),
      },
    ],
    [t, navigate, tab],
  )
  return <CrudScreen resource={resource} rowActions={actions} />
}

export const UnitPage = () => <SubRecordPage resource={unitResource} tab="units" />
export const PeoplePage = () => <SubRecordPage resource={peopleResource} tab="people" />
export const PrincipalPage = () => <SubRecordPage resource={principalResource} tab="principal" />
export const AttachPage = () => <SubRecordPage resource={attachResource} tab="attach" />
export const AssortPage = () => <CrudScreen resource={assortResource} />
