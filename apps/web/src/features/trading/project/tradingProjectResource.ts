import { type TTradingProject, ZTradingProjectSubmitSchema } from '@ysjs/shared'
import { textValues } from '@/components/crud/formValues'
import { crudCodes } from '@/components/crud/permissions'
import type { TResource } from '@/components/crud/types'
import { resourceApi } from '@/lib/resource/resourceApi'
import { SecretSelect } from './SecretSelect'

export type TTradingProjectRow = TTradingProject & Record<string, unknown>

const L = 'trading.project'

/** 交易项目: the technology project entity of the spec, with the secret-project rule in its form. */
export const tradingProjectResource: TResource<TTradingProjectRow> = {
  key: 'trading-project',
  nameKey: `${L}.name`,
  schema: ZTradingProjectSubmitSchema,
  api: resourceApi<TTradingProjectRow>('/api/ysjs-trading/project', {
    exact: ['technologyType', 'industryType', 'collaborationMode'],
    exportable: true,
  }),
  permissions: crudCodes('tradingProject'),
  // The deal form's project choice is a loaded option list.
  invalidates: ['field-options'],
  dialogWidth: 'md',
  fields: [
    { name: 'title', labelKey: `${L}.title`, search: true, column: { flex: 2 } },
    {
      name: 'technologyType',
      labelKey: `${L}.technologyType`,
      kind: 'dict',
      dictCode: 'technology_type',
      search: true,
      span: 6,
    },
    {
      name: 'industryType',
      labelKey: `${L}.industryType`,
      kind: 'dict',
      dictCode: 'industry',
      search: true,
      span: 6,
    },
    {
      name: 'collaborationMode',
      labelKey: `${L}.collaborationMode`,
      kind: 'dict',
      dictCode: 'collaboration_mode',
      search: true,
      span: 6,
    },
    {
      name: 'technicalSource',
      labelKey: `${L}.technicalSource`,
      kind: 'dict',
      dictCode: 'technical_source',
      span: 6,
      column: false,
    },
    { name: 'projectPhase', labelKey: `${L}.projectPhase`, kind: 'dict', dictCode: 'project_phase', span: 6 },
    {
      name: 'patentSituation',
      labelKey: `${L}.patentSituation`,
      kind: 'dict',
      dictCode: 'patent_situation',
      span: 6,
      column: false,
    },
    {
      name: 'projectCountry',
      labelKey: `${L}.projectCountry`,
      kind: 'dict',
      dictCode: 'country',
      span: 6,
      column: false,
    },
    { name: 'intentPrice', labelKey: `${L}.intentPrice`, span: 6 },
    { name: 'source', labelKey: `${L}.source`, span: 6, column: false },
    { name: 'ascription', labelKey: `${L}.ascription`, span: 6 },
    {
      name: 'isSecret',
      labelKey: `${L}.isSecret`,
      kind: 'custom',
      component: SecretSelect,
      span: 6,
      column: false,
    },
    { name: 'content', labelKey: `${L}.content`, kind: 'richtext', rows: 6, column: false },
  ],
  defaults: () => ({ isSecret: '1' }),
  toForm: (row) =>
    textValues(row, [
      'title',
      'technologyType',
      'industryType',
      'collaborationMode',
      'technicalSource',
      'projectPhase',
      'patentSituation',
      'projectCountry',
      'intentPrice',
      'source',
      'ascription',
      'isSecret',
      'content',
    ]),
}
