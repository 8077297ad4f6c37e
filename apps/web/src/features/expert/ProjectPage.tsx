import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import {
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { EXPERT_PREFIX, ExpertMsg, PERMISSIONS, ZProjectSubmitSchema } from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { Controller, useFieldArray } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TField, TResource } from '@/components/crud/types'
import { FormDate, FormText } from '@/components/form/Fields'
import { FormActions } from '@/components/form/FormActions'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { RemotePicker } from '@/components/picker/RemotePicker'
import { unitSource } from '@/components/picker/sources'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { resourceApi } from '@/lib/resource/resourceApi'
import { useSession } from '@/lib/session/session'
import { text } from '@/lib/text'
import { projectApi, type TGenericRow } from './expertApi'

const F = 'expert.f'
const DONE = '操作成功!'

const fields: TField[] = [
  { name: 'projectName', labelKey: `${F}.projectName`, search: true, span: 12, column: { flex: 2 } },
  { name: 'projectNo', labelKey: `${F}.projectNo`, search: true, span: 6, column: { width: 140 } },
  { name: 'leader', labelKey: `${F}.leader`, search: true, span: 6, column: { width: 110 } },
  { name: 'source', labelKey: `${F}.source`, span: 12, column: { flex: 1 } },
  { name: 'startDate', labelKey: `${F}.startDate`, kind: 'date', span: 6, column: { width: 120 } },
  { name: 'endDate', labelKey: `${F}.endDate`, kind: 'date', span: 6, column: { width: 120 } },
  { name: 'summary', labelKey: `${F}.summary`, kind: 'textarea', rows: 3, span: 12, column: false },
]

/** The list: generic search, grid, delete and export; add and edit open the form with rows below. */
const listResource: TResource<TGenericRow> = {
  key: 'expert-project',
  nameKey: 'expert.name.project',
  schema: ZProjectSubmitSchema,
  api: resourceApi(`${EXPERT_PREFIX}/projectBasic`, { exportable: true }),
  permissions: { codes: { delete: PERMISSIONS.expertProjectDelete, view: PERMISSIONS.expertProjectView } },
  fields,
}

type TForm = z.input<typeof ZProjectSubmitSchema>
/** The project's own fields (its lists are sent whole when given). */
const EMPTY: TForm = {
  projectName: '',
  projectNo: '',
  leader: '',
  source: '',
  startDate: '',
  endDate: '',
  summary: '',
  unitList: [],
  peopleList: [],
}

/** A list's heading in the form, with its 添加 button. */
const RowsHeading = ({ title, add, onAdd }: { title: string; add: string; onAdd: () => void }) => (
  <Stack direction="row" sx={{ mt: 3, mb: 1, alignItems: 'center' }} spacing={2}>
    <Typography variant="subtitle2">{title}</Typography>
    <Button size="small" startIcon={<AddIcon />} onClick={onAdd}>
      {add}
    </Button>
  </Stack>
)

const ProjectDialog = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const detail = useQuery({
    queryKey: ['expert-project', 'detailProject', id],
    queryFn: () => projectApi.detail(id ?? ''),
    enabled: !!id,
    staleTime: 0,
  })
  // The chosen units' names (by unit id): the picker shows them and the removal prompt names them.
  const [unitNames, setUnitNames] = useState<Record<string, string>>({})
  const values = useMemo<TForm>(() => {
    const d = detail.data
    if (!d) {
      return EMPTY
    }
    return {
      id: d.id,
      projectName: d.projectName,
      projectNo: text(d.projectNo),
      leader: text(d.leader),
      source: text(d.source),
      startDate: text(d.startDate),
      endDate: text(d.endDate),
      summary: text(d.summary),
      unitList: d.unitList.map((u) => ({ id: u.id, unitId: u.unitId, role: text(u.role) })),
      // `personId` (a person of the unit table, set through the API) is kept as loaded: no picker sets it.
      peopleList: d.peopleList.map((p) => ({
        id: p.id,
        personId: text(p.personId),
        name: p.name,
        workUnit: text(p.workUnit),
        duty: text(p.duty),
      })),
    }
  }, [detail.data])
  const savedNames = useMemo(
    () => Object.fromEntries((detail.data?.unitList ?? []).map((u) => [u.unitId, u.unitName])),
    [detail.data],
  )
  const nameOf = (unitId: string) => unitNames[unitId] ?? savedNames[unitId] ?? ''
  const form = useZodForm(ZProjectSubmitSchema, {
    values,
    fieldOrder: [...fields.map((f) => f.name), 'unitList', 'peopleList'],
  })
  const { control } = form
  const unitRows = useFieldArray({ control, name: 'unitList', keyName: 'key' })
  const personRows = useFieldArray({ control, name: 'peopleList', keyName: 'key' })
  const busy = form.formState.isSubmitting
  const loading = !!id && detail.isLoading

  /** A saved row is removed on the server after a confirmation; an unsaved one just leaves the form. */
  const removeRow = async (
    row: { id?: string | number },
    index: number,
    message: string,
    call: (rowId: string) => Promise<unknown>,
    remove: (i: number) => void,
  ) => {
    if (!row.id) {
      remove(index)
      return
    }
    if (!(await confirm({ message }))) {
      return
    }
    try {
      await call(String(row.id))
    } catch {
      return
    }
    remove(index)
    toast.success(DONE)
  }

  const removeButton = (onClick: () => Promise<void>) => (
    <IconButton aria-label={t('expert.removeRow')} onClick={() => void onClick()}>
      <DeleteIcon />
    </IconButton>
  )

  const save = form.submit(async (data) => {
    // An update writes only what it carries (decision 030): useZodForm sends the fields emptied as ''.
    await projectApi.submit(data)
    toast.success(t(id ? 'msg.updateSuccess' : 'msg.addSuccess'))
    await queryClient.invalidateQueries({ queryKey: ['expert-project'] })
    onClose()
  })
  const off = busy || loading

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="project-title">
      <ZodFormProvider form={form}>
        <form onSubmit={save} noValidate>
          <DialogTitle id="project-title">
            {t(id ? 'crud.editTitle' : 'crud.addTitle', { name: t('expert.name.project') })}
          </DialogTitle>
          {loading && <LinearProgress />}
          <DialogContent dividers>
            <Grid container spacing={2}>
              {fields.map((field) => (
                <Grid key={field.name} size={{ xs: 12, sm: field.span ?? 6 }}>
                  {field.kind === 'date' ? (
                    <FormDate name={field.name} label={t(field.labelKey)} disabled={off} />
                  ) : (
                    <FormText
                      name={field.name}
                      label={t(field.labelKey)}
                      disabled={off}
                      multiline={field.kind === 'textarea'}
                      rows={field.rows}
                    />
                  )}
                </Grid>
              ))}
            </Grid>

            <RowsHeading
              title={t('expert.units')}
              add={t('expert.addUnit')}
              onAdd={() => unitRows.append({ unitId: '', role: '' })}
            />
            {unitRows.fields.map((row, index) => (
              <Stack key={row.key} direction="row" spacing={1} sx={{ mb: 1 }} data-testid="unit-row">
                <Controller
                  control={control}
                  name={`unitList.${index}.unitId`}
                  render={({ field, fieldState }) => (
                    <RemotePicker
                      source={unitSource}
                      label={t(`${F}.unit`)}
                      sx={{ flex: 2 }}
                      value={typeof field.value === 'string' && field.value ? [field.value] : []}
                      {...(nameOf(row.unitId) ? { known: { [row.unitId]: nameOf(row.unitId) } } : {})}
                      onChange={(chosen) => {
                        const unitId = chosen[0]?.value ?? ''
                        setUnitNames((names) => ({ ...names, [unitId]: chosen[0]?.label ?? '' }))
                        field.onChange(unitId)
                      }}
                      onBlur={field.onBlur}
                      error={!!fieldState.error}
                      {...(fieldState.error?.message
                        ? { helperText: translateMessage(fieldState.error.message) }
                        : {})}
                    />
                  )}
                />
                <FormText name={`unitList.${index}.role`} label={t(`${F}.role`)} sx={{ flex: 1 }} />
                {removeButton(() =>
                  // A saved row names the unit it was saved with (detailProject answers it).
                  removeRow(
                    row,
                    index,
                    ExpertMsg.REMOVE_UNIT(nameOf(row.unitId)),
                    projectApi.removeUnit,
                    unitRows.remove,
                  ),
                )}
              </Stack>
            ))}

            <RowsHeading
              title={t('expert.people')}
              add={t('expert.addPerson')}
              onAdd={() => personRows.append({ name: '', workUnit: '', duty: '' })}
            />
            {personRows.fields.map((row, index) => (
              <Stack key={row.key} direction="row" spacing={1} sx={{ mb: 1 }} data-testid="person-row">
                {(['name', 'workUnit', 'duty'] as const).map((key) => (
                  <FormText
                    key={key}
                    name={`peopleList.${index}.${key}`}
                    label={t(`${F}.${key}`)}
                    sx={{ flex: 1 }}
                  />
                ))}
                {removeButton(() =>
                  removeRow(
                    row,
                    index,
                    ExpertMsg.REMOVE_PERSON(text(row.name)),
                    projectApi.removePerson,
                    personRows.remove,
                  ),
                )}
              </Stack>
            ))}
          </DialogContent>
          <FormActions onCancel={onClose} busy={busy} disabled={loading} />
        </form>
      </ZodFormProvider>
    </Dialog>
  )
}

/** 项目库: projects with their unit and people rows. */
export const ProjectPage = () => {
  const { t } = useTranslation()
  const permissions = useSession((s) => s.permissions)
  const [editing, setEditing] = useState<{ id: string | null } | null>(null)
  return (
    <>
      <CrudScreen
        resource={listResource}
        toolbar={
          permissions[PERMISSIONS.expertProjectAdd] ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ id: null })}>
              {t('common.add')}
            </Button>
          ) : null
        }
        rowActions={[
          {
            key: 'edit-project',
            label: t('common.edit'),
            Icon: EditIcon,
            permission: PERMISSIONS.expertProjectEdit,
            onClick: (row) => setEditing({ id: row.id }),
          },
        ]}
      />
      {editing && (
        <ProjectDialog key={editing.id ?? 'new'} id={editing.id} onClose={() => setEditing(null)} />
      )}
    </>
  )
}
