import { ZCodeSubmitSchema, ZDatasourceSubmitSchema, ZModelSubmitSchema } from '@ysjs/shared'
import { createElement } from 'react'
import { crudCodes } from '@/components/crud/permissions'
import type { TResource } from '@/components/crud/types'
import { TableNameField, TestConnectionButton } from './DevelopFields'
import {
  codeApi,
  datasourceApi,
  developApi,
  modelApi,
  type TCodeRow,
  type TDatasourceRow,
  type TModelRow,
} from './developApi'

const options = (key: string, load: () => Promise<{ id: string; name: string }[]>) => ({
  key,
  load: async () => (await load()).map((o) => ({ value: o.id, label: o.name })),
})

/** 数据源管理: the password field answers masked; sending the mask back keeps the stored one. */
export const datasourceResource: TResource<TDatasourceRow> = {
  key: 'datasource',
  nameKey: 'develop.datasource.name',
  schema: ZDatasourceSubmitSchema,
  api: datasourceApi,
  permissions: crudCodes('datasource'),
  fields: [
    { name: 'name', labelKey: 'develop.datasource.dsName', search: true, column: { flex: 1 } },
    {
      name: 'driverClass',
      labelKey: 'develop.datasource.driver',
      kind: 'select',
      options: [{ value: 'postgresql', label: 'PostgreSQL' }],
      span: 6,
    },
    { name: 'username', labelKey: 'develop.datasource.username', span: 6 },
    { name: 'url', labelKey: 'develop.datasource.url', column: { flex: 2 } },
    { name: 'password', labelKey: 'develop.datasource.password', kind: 'password', column: false },
    { name: 'remark', labelKey: 'develop.datasource.remark', kind: 'textarea', column: false },
  ],
  defaults: () => ({ driverClass: 'postgresql' }),
  formFooter: (values) => createElement(TestConnectionButton, { values }),
  toForm: (row) => ({
    id: row.id,
    name: row.name,
    driverClass: row.driverClass,
    url: row.url,
    username: row.username,
    password: row.password ?? '',
    remark: row.remark ?? '',
  }),
}

export const modelResource: TResource<TModelRow> = {
  key: 'model',
  nameKey: 'develop.model.name',
  schema: ZModelSubmitSchema,
  api: modelApi,
  permissions: crudCodes('model'),
  fields: [
    { name: 'modelName', labelKey: 'develop.model.modelName', search: true, column: { flex: 1 } },
    { name: 'modelCode', labelKey: 'develop.model.modelCode', span: 6 },
    {
      name: 'datasourceId',
      labelKey: 'develop.model.datasource',
      kind: 'select',
      loadOptions: options('develop-datasources', developApi.datasources),
      span: 6,
      column: false,
    },
    {
      name: 'modelTable',
      labelKey: 'develop.model.modelTable',
      span: 6,
      kind: 'custom',
      component: TableNameField,
    },
    { name: 'modelClass', labelKey: 'develop.model.modelClass', span: 6 },
    { name: 'modelRemark', labelKey: 'develop.model.remark', kind: 'textarea', column: false },
  ],
  defaults: () => ({ datasourceId: '1' }),
  toForm: (row) => ({ ...row, modelRemark: row.modelRemark ?? '' }),
}

export const codeResource: TResource<TCodeRow> = {
  key: 'code',
  nameKey: 'develop.code.name',
  schema: ZCodeSubmitSchema,
  api: codeApi,
  permissions: crudCodes('code'),
  fields: [
    { name: 'codeName', labelKey: 'develop.code.codeName', search: true, column: { flex: 1 } },
    {
      name: 'modelId',
      labelKey: 'develop.code.model',
      kind: 'select',
      loadOptions: options('develop-models', developApi.models),
      span: 6,
      column: false,
    },
    { name: 'tableName', labelKey: 'develop.code.tableName', search: true, span: 6 },
    { name: 'packageName', labelKey: 'develop.code.packageName', span: 6 },
    { name: 'pkName', labelKey: 'develop.code.pkName', span: 6, column: false },
    { name: 'apiPath', labelKey: 'develop.code.apiPath', span: 6 },
    { name: 'webPath', labelKey: 'develop.code.webPath', span: 6 },
    { name: 'author', labelKey: 'develop.code.author', span: 6, column: false },
    { name: 'tablePrefix', labelKey: 'develop.code.tablePrefix', span: 6, column: false },
    {
      name: 'templateType',
      labelKey: 'develop.code.templateType',
      kind: 'select',
      options: [{ value: 'crud', labelKey: 'develop.code.templateCrud' }],
      span: 6,
      column: false,
    },
  ],
  defaults: () => ({
    pkName: 'id',
    apiPath: '/api/ysjs-',
    webPath: '/',
    baseMode: '2',
    wrapMode: '2',
    templateType: 'crud',
  }),
  // Every stored field goes back with a save, so an edit never resets what the form does not show
  // (baseMode/wrapMode, kept for the contract: generated modules always carry the platform columns;
  // the tree and sub-model fields).
  toForm: (row) => ({
    id: row.id,
    modelId: row.modelId ?? '',
    codeName: row.codeName,
    serviceName: row.serviceName,
    tableName: row.tableName,
    tablePrefix: row.tablePrefix,
    packageName: row.packageName,
    pkName: row.pkName,
    apiPath: row.apiPath,
    webPath: row.webPath,
    author: row.author,
    baseMode: String(row.baseMode),
    wrapMode: String(row.wrapMode),
    templateType: row.templateType,
    subModelId: row.subModelId,
    subFkId: row.subFkId,
    treeId: row.treeId,
    treePid: row.treePid,
    treeName: row.treeName,
  }),
}
