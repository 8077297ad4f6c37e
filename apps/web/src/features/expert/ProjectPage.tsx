import { zodResolver } from '@hookform/resolvers/zod'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { EXPERT_PREFIX, ExpertMsg, PERMISSIONS, ZProjectSubmitSchema } from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { Controller, type FieldErrors, useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { ResourceField } from '@/components/crud/ResourceField'
import type { TField, TResource, TValues } from '@/components/crud/types'
import { firstErrorMessage } from '@/components/form/formErrors'
import { withEmptiedFields } from '@/components/form/schemaFields'
import { RemotePicker } from '@/components/picker/RemotePicker'
import { unitSource } from '@/components/picker/sources'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { resourceApi } from '@/lib/resource/resourceApi'
import { useSession } from '@/lib/session/session'
import { projectApi, type TGenericRow } from './expertApi'

const F = 'expert.f'
const DONE = '操作成功!'
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

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

/** `unitName` names the chosen unit in the form and in the removal prompt; it is not sent. */
type TUnitRow = { id?: string; unitId: string; unitName?: string; role?: string }
/** `personId` (a person of the unit table, set through the API) is kept as loaded: the form has no picker for it. */
type TPersonRow = { id?: string; personId?: string; name: string; workUnit?: string; duty?: string }
/** The project's own fields (its lists are sent whole when given). */
const PROJECT_FIELDS = Object.keys(ZProjectSubmitSchema.shape)

type TForm = {
  id?: string
  projectName: string
  projectNo: string
  leader: string
  source: string
  startDate: string
  endDate: string
  summary: string
  unitList: TUnitRow[]
  peopleList: TPersonRow[]
}

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
      unitList: d.unitList.map((u) => ({
        id: u.id,
        unitId: u.unitId,
        unitName: u.unitName,
        role: text(u.role),
      })),
      peopleList: d.peopleList.map((p) => ({
        id: p.id,
        personId: text(p.personId),
        name: p.name,
        workUnit: text(p.workUnit),
        duty: text(p.duty),
      })),
    }
  }, [detail.data])
  const { control, handleSubmit, formState, setValue } = useForm<TForm>({
    resolver: zodResolver(ZProjectSubmitSchema) as never,
    mode: 'onBlur',
    values,
  })
  const unitRows = useFieldArray({ control, name: 'unitList', keyName: 'key' })
  const personRows = useFieldArray({ control, name: 'peopleList', keyName: 'key' })
  const busy = formState.isSubmitting
  const loading = !!id && detail.isLoading

  /** A saved row is removed on the server after a confirmation; an unsaved one just leaves the form. */
  const removeRow = async (
    row: { id?: string },
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
      await call(row.id)
    } catch {
      return
    }
    remove(index)
    toast.success(DONE)
  }

  const onValid = async (data: TForm) => {
    try {
      // An update writes only what it carries (decision 030): the fields the user emptied go as ''.
      const body = id ? withEmptiedFields(ZProjectSubmitSchema, PROJECT_FIELDS, data) : data
      await projectApi.submit(body as TValues)
    } catch {
      return
    }
    toast.success(t(id ? 'msg.updateSuccess' : 'msg.addSuccess'))
    await queryClient.invalidateQueries({ queryKey: ['expert-project'] })
    onClose()
  }
  const onInvalid = (errors: FieldErrors<TForm>) => {
    const message = firstErrorMessage(errors as FieldErrors<TValues>, [
      ...fields.map((f) => f.name),
      'unitList',
      'peopleList',
    ])
    if (message) {
      toast.warning(message)
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="project-title">
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate>
        <DialogTitle id="project-title">
          {t(id ? 'crud.editTitle' : 'crud.addTitle', { name: t('expert.name.project') })}
        </DialogTitle>
        {loading && <LinearProgress />}
        <DialogContent dividers>
          <Grid container spacing={2}>
            {fields.map((field) => (
              <Grid key={field.name} size={{ xs: 12, sm: field.span ?? 6 }}>
                <ResourceField field={field} control={control as never} disabled={busy || loading} />
              </Grid>
            ))}
          </Grid>

          <Stack direction="row" sx={{ mt: 3, mb: 1, alignItems: 'center' }} spacing={2}>
            <Typography variant="subtitle2">{t('expert.units')}</Typography>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => unitRows.append({ unitId: '', role: '' })}
            >
              {t('expert.addUnit')}
            </Button>
          </Stack>
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
                    value={field.value ? [field.value] : []}
                    {...(row.unitName ? { known: { [row.unitId]: row.unitName } } : {})}
                    onChange={(chosen) => {
                      field.onChange(chosen[0]?.value ?? '')
                      setValue(`unitList.${index}.unitName`, chosen[0]?.label ?? '')
                    }}
                    onBlur={field.onBlur}
                    error={!!fieldState.error}
                    {...(fieldState.error?.message
                      ? { helperText: translateMessage(fieldState.error.message) }
                      : {})}
                  />
                )}
              />
              <Controller
                control={control}
                name={`unitList.${index}.role`}
                render={({ field }) => (
                  <TextField
                    size="small"
                    label={t(`${F}.role`)}
                    sx={{ flex: 1 }}
                    {...field}
                    value={field.value ?? ''}
                  />
                )}
              />
              <IconButton
                aria-label={t('expert.removeRow')}
                onClick={() =>
                  void removeRow(
                    row,
                    index,
                    // A saved row names the unit it was saved with (detailProject answers it).
                    ExpertMsg.REMOVE_UNIT(row.unitName ?? ''),
                    projectApi.removeUnit,
                    unitRows.remove,
                  )
                }
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}

          <Stack direction="row" sx={{ mt: 3, mb: 1, alignItems: 'center' }} spacing={2}>
            <Typography variant="subtitle2">{t('expert.people')}</Typography>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => personRows.append({ name: '', workUnit: '', duty: '' })}
            >
              {t('expert.addPerson')}
            </Button>
          </Stack>
          {personRows.fields.map((row, index) => (
            <Stack key={row.key} direction="row" spacing={1} sx={{ mb: 1 }} data-testid="person-row">
              {(['name', 'workUnit', 'duty'] as const).map((key) => (
                <Controller
                  key={key}
                  control={control}
                  name={`peopleList.${index}.${key}`}
                  render={({ field, fieldState }) => (
                    <TextField
                      size="small"
                      label={t(`${F}.${key}`)}
                      sx={{ flex: 1 }}
                      {...field}
                      value={field.value ?? ''}
                      error={!!fieldState.error}
                      helperText={
                        fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined
                      }
                    />
                  )}
                />
              ))}
              <IconButton
                aria-label={t('expert.removeRow')}
                onClick={() =>
                  void removeRow(
                    row,
                    index,
                    ExpertMsg.REMOVE_PERSON(row.name),
                    projectApi.removePerson,
                    personRows.remove,
                  )
                }
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || loading}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
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
            allowed: permissions[PERMISSIONS.expertProjectEdit] === true,
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
