import { zodResolver } from '@hookform/resolvers/zod'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PERMISSIONS, REGION_ROOT, type TRegionSubmit, ZRegionSubmitSchema } from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { Controller, type FieldErrors, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { firstErrorMessage } from '@/components/form/formErrors'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { RegionTree } from './RegionTree'
import { fetchRegion, removeRegion, submitRegion } from './regionApi'

type TForm = { code: string; parentCode: string; name: string; sort: string; remark: string }
type TMode = { kind: 'edit'; code: string } | { kind: 'add'; parentCode: string } | null
const FIELDS = ['code', 'name', 'sort', 'remark'] as const

/** 行政区划: the lazy region tree on the left, the chosen region's form on the right. */
export const RegionPage = () => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const permissions = useSession((s) => s.permissions)
  const canAdd = !!permissions[PERMISSIONS.regionAdd]
  const canDelete = !!permissions[PERMISSIONS.regionDelete]
  const [mode, setMode] = useState<TMode>(null)
  const editing = mode?.kind === 'edit' ? mode.code : null
  const detail = useQuery({
    queryKey: ['region', 'detail', editing],
    queryFn: () => fetchRegion(editing ?? ''),
    enabled: !!editing,
  })
  const values = useMemo<TForm>(() => {
    if (mode?.kind === 'edit' && detail.data) {
      const r = detail.data
      return {
        code: r.code,
        parentCode: r.parentCode ?? '',
        name: r.name,
        sort: String(r.sort),
        remark: r.remark ?? '',
      }
    }
    return {
      code: mode?.kind === 'add' ? mode.parentCode.replace(/^00$/, '') : '',
      parentCode: mode?.kind === 'add' ? mode.parentCode : '',
      name: '',
      sort: '',
      remark: '',
    }
  }, [mode, detail.data])
  const { control, handleSubmit, formState } = useForm<TForm>({
    resolver: zodResolver(ZRegionSubmitSchema) as never,
    mode: 'onBlur',
    values,
  })
  const busy = formState.isSubmitting

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['region'] })
  const save = async (data: TForm) => {
    try {
      await submitRegion(data as unknown as TRegionSubmit)
    } catch {
      return
    }
    toast.success(t(mode?.kind === 'add' ? 'msg.addSuccess' : 'msg.updateSuccess'))
    await refresh()
    setMode({ kind: 'edit', code: data.code })
  }
  const onInvalid = (errors: FieldErrors<TForm>) => {
    const message = firstErrorMessage(errors, [...FIELDS])
    if (message) {
      toast.warning(message)
    }
  }
  const remove = async () => {
    if (!editing || !(await confirm({ message: t('msg.deleteConfirm') }))) {
      return
    }
    try {
      await removeRegion(editing)
    } catch {
      return
    }
    toast.success(t('msg.deleteSuccess'))
    setMode(null)
    await refresh()
  }

  const text = (name: keyof TForm, disabled = false, extra: object = {}) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...extra}
          fullWidth
          label={t(name === 'name' ? 'system.region.name_' : `system.region.${name}`)}
          disabled={disabled || busy || !canAdd}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
        />
      )}
    />
  )

  const level = detail.data?.regionLevel
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Paper sx={{ p: 2, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }}>
          <Stack direction="row" sx={{ mb: 1, alignItems: 'center' }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
              {t('system.region.tree')}
            </Typography>
            {canAdd && (
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() => setMode({ kind: 'add', parentCode: REGION_ROOT })}
              >
                {t('system.region.addTop')}
              </Button>
            )}
          </Stack>
          <RegionTree selected={editing} onSelect={(code) => setMode({ kind: 'edit', code })} />
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Paper sx={{ p: 2 }} data-testid="region-form">
          {!mode ? (
            <Typography color="text.secondary">{t('system.region.pick')}</Typography>
          ) : (
            <form onSubmit={handleSubmit(save, onInvalid)} noValidate>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
                {mode.kind === 'add'
                  ? t('crud.addTitle', { name: t('system.region.name') })
                  : `${detail.data?.name ?? ''}${level !== undefined && level !== null ? ` · ${t(`system.region.levels.l${level}`)}` : ''}`}
              </Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>{text('parentCode', true)}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('code', mode.kind === 'edit')}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('name')}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{text('sort', false, { type: 'number' })}</Grid>
                <Grid size={12}>{text('remark', false, { multiline: true, minRows: 2 })}</Grid>
              </Grid>
              <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
                {canAdd && (
                  <Button type="submit" variant="contained" disabled={busy}>
                    {t('common.save')}
                  </Button>
                )}
                {canAdd && mode.kind === 'edit' && (level ?? 0) < 5 && (
                  <Button
                    startIcon={<AddIcon />}
                    onClick={() => setMode({ kind: 'add', parentCode: mode.code })}
                  >
                    {t('system.region.addChild')}
                  </Button>
                )}
                {canDelete && mode.kind === 'edit' && (
                  <Button color="error" startIcon={<DeleteIcon />} onClick={() => void remove()}>
                    {t('common.delete')}
                  </Button>
                )}
              </Box>
            </form>
          )}
        </Paper>
      </Grid>
    </Grid>
  )
}
