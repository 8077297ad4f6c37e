import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/Delete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PERMISSIONS, REGION_ROOT, ZRegionSubmitSchema } from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { FormText } from '@/components/form/Fields'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { RegionTree } from './RegionTree'
import { fetchRegion, removeRegion, submitRegion } from './regionApi'

type TForm = z.input<typeof ZRegionSubmitSchema>
type TMode = { kind: 'edit'; code: string } | { kind: 'add'; parentCode: string } | null

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
  const form = useZodForm(ZRegionSubmitSchema, { values })
  const busy = form.formState.isSubmitting

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['region'] })
  const save = form.submit(async (data) => {
    await submitRegion(data)
    toast.success(t(mode?.kind === 'add' ? 'msg.addSuccess' : 'msg.updateSuccess'))
    await refresh()
    setMode({ kind: 'edit', code: data.code })
  })
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

  const text = (name: keyof TForm, disabled = false, extra: { type?: string; multiline?: boolean } = {}) => (
    <FormText
      {...extra}
      name={name}
      minRows={extra.multiline ? 2 : undefined}
      label={t(name === 'name' ? 'system.region.name_' : `system.region.${name}`)}
      disabled={disabled || busy || !canAdd}
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
            <ZodFormProvider form={form}>
              <form onSubmit={save} noValidate>
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
                  <Grid size={12}>{text('remark', false, { multiline: true })}</Grid>
                </Grid>
                <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
                  {canAdd && (
                    <Button type="submit" variant="contained" disabled={busy} {...keepFocus}>
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
            </ZodFormProvider>
          )}
        </Paper>
      </Grid>
    </Grid>
  )
}
