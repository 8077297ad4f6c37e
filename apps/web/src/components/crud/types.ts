import type { ComponentType, ReactNode } from 'react'
import type { Control } from 'react-hook-form'
import type { z } from 'zod'
import type { TPermissionSource } from '@/lib/session/permissions'

export type TFieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'select'
  | 'dict'
  | 'date'
  | 'month'
  | 'datetime'
  | 'richtext'
  | 'password'
  | 'multiselect'
  | 'custom'

/** A fixed choice: translated (`labelKey`) or data (`label`). */
export type TOption = { value: string; labelKey?: string; label?: string }

/** One property of a resource: where it shows (grid, search, form) and how it is edited. */
export type TField = {
  name: string
  labelKey: string
  kind?: TFieldKind
  /** `dict`: the business dictionary whose items the select offers. */
  dictCode?: string
  /** `select` and `multiselect`: fixed choices. */
  options?: TOption[]
  /** `select` and `multiselect`: choices loaded once per key (e.g. a tenant's roles); beat `options`. */
  loadOptions?: { key: string; load: () => Promise<TOption[]> }
  /** The dialog modes that show the field (default all), e.g. a password only when adding. */
  modes?: ('add' | 'edit' | 'view')[]
  /** `textarea` and `richtext`: visible rows. */
  rows?: number
  /** Grid column; false hides it there. */
  column?: false | { width?: number; flex?: number; render?: (row: TRow) => ReactNode }
  /** Offered in the search form. */
  search?: boolean
  /** Shown in the view/add/edit dialog (default true). */
  form?: boolean
  /** Half width (6 of 12 columns) or full width in the dialog. */
  span?: 6 | 12
  /** `custom`: the form control (a tree select, a remote select…). */
  component?: ComponentType<TCustomFieldProps>
}

/** What a `custom` field's control receives from the form. */
export type TCustomFieldProps = {
  name: string
  label: string
  value: unknown
  onChange: (value: unknown) => void
  onBlur: () => void
  disabled: boolean
  error: boolean
  helperText?: string
  /** The dialog's form, for a control that depends on other fields (`useWatch`). */
  control?: Control<TValues>
}

export type TRow = { id: string } & Record<string, unknown>
export type TValues = Record<string, unknown>
export type TListQuery = { current: number; size: number; search: Record<string, string> }
export type TListResult<Row> = { records: Row[]; total: number }

export type TResourceApi<Row extends TRow> = {
  list: (query: TListQuery) => Promise<TListResult<Row>>
  detail?: (id: string) => Promise<Row>
  submit: (values: TValues) => Promise<unknown>
  remove: (ids: string[]) => Promise<unknown>
  /** The list's xlsx export (`<list>/export`) with the list's search: shows an 导出 button. */
  exportFile?: (search: Record<string, string>) => void
}

/** Everything the generic admin screen needs to list, search, view, add, edit and delete an entity. */
export type TResource<Row extends TRow = TRow> = {
  /** Query-cache key and prefix of the list state in the URL. */
  key: string
  /** i18n key of the entity's name (dialog titles). */
  nameKey: string
  /** The shared submit schema: the form rejects what the server rejects, with the same message. */
  schema: z.ZodType<TValues, TValues>
  fields: TField[]
  api: TResourceApi<Row>
  permissions: TPermissionSource
  /** `client`: the list answers everything at once (trees); the grid pages locally. */
  paging?: 'server' | 'client'
  /** A tree shown with only its top level open at first (a large tree, e.g. the 450 menus). */
  treeCollapsed?: boolean
  /** Values of a new record. */
  defaults?: () => TValues
  /** Form values of a stored record (default: the fields' values plus the id). */
  toForm?: (row: Row) => TValues
  /** Other query keys whose data a change here makes stale (e.g. the dictionary selects). */
  invalidates?: string[]
  /** Dialog width. */
  dialogWidth?: 'sm' | 'md' | 'lg'
  /**
   * Shown under the dialog's fields, given the form's current values (e.g. what saving the change would do,
   * computed by the server). Not shown in view mode.
   */
  formFooter?: (values: TValues, mode: 'add' | 'edit') => ReactNode
}
