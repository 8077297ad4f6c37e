import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TAccessPreviewRequest, TMenuRef } from '@ysjs/shared'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { accessApi } from '../api/authorityApi'

const MenuChips = ({ items, kind }: { items: TMenuRef[]; kind: 'gained' | 'lost' }) => {
  const { t } = useTranslation()
  return (
    <>
      {items.map((m) => (
        <Chip
          key={m.id}
          size="small"
          variant="outlined"
          color={kind === 'gained' ? 'success' : 'error'}
          label={`${kind === 'gained' ? '+' : '−'} ${m.parentName && m.category === 2 ? `${m.parentName}/` : ''}${m.name}${
            m.category === 2 ? ` (${t('authority.preview.button')})` : ''
          }`}
          sx={{ mr: 0.5, mb: 0.5 }}
        />
      ))}
    </>
  )
}

/** The request once it has stayed the same for `ms` (a tree being clicked through asks once, at the end). */
const useSettled = <T,>(value: T, ms: number): T => {
  const key = JSON.stringify(value)
  const [settled, setSettled] = useState({ key, value })
  useEffect(() => {
    if (key === settled.key) {
      return
    }
    const timer = setTimeout(() => setSettled({ key, value }), ms)
    return () => clearTimeout(timer)
  }, [key, value, ms, settled.key])
  return settled.value
}

/**
 * What a change of grants does, computed by the server from the rules it enforces: the users who gain
 * or lose menus and buttons, and the roles whose grants change. Reused by every dialog that changes
 * grants (role grant, tenant package, user roles).
 */
export const AccessPreview = ({ request }: { request: TAccessPreviewRequest }) => {
  const { t } = useTranslation()
  const settled = useSettled(request, 300)
  const query = useQuery({
    queryKey: ['access-preview', settled],
    queryFn: () => accessApi.preview(settled),
    staleTime: 0,
    gcTime: 0,
    // While the user keeps changing the selection, the last answer stays on screen.
    placeholderData: keepPreviousData,
  })
  if (query.isLoading) {
    return (
      <Box data-testid="access-preview">
        <Typography variant="body2" color="text.secondary">
          {t('authority.preview.loading')}
        </Typography>
        <LinearProgress sx={{ mt: 1 }} />
      </Box>
    )
  }
  const data = query.data
  if (!data) {
    return <Box data-testid="access-preview" />
  }
  return (
    <Box data-testid="access-preview" aria-busy={query.isFetching}>
      <Alert severity={data.changed ? 'warning' : 'info'} sx={{ mb: 2 }}>
        {data.changed
          ? t('authority.preview.summary', { reached: data.reached, changed: data.changed })
          : t('authority.preview.none')}
      </Alert>
      {data.truncated && (
        <Typography variant="caption" color="text.secondary">
          {t('authority.preview.truncated', { count: data.users.length })}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {data.users.map((u) => (
          <Box
            key={u.userId}
            data-testid={`preview-user-${u.account}`}
            sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}
          >
            <Typography variant="subtitle2">
              {u.realName ? `${u.realName} (${u.account})` : u.account}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {u.tenantId}
              </Typography>
            </Typography>
            {u.gained.length > 0 && (
              <Box>
                <Typography variant="caption" sx={{ mr: 1 }}>
                  {t('authority.preview.gained')}
                </Typography>
                <MenuChips items={u.gained} kind="gained" />
              </Box>
            )}
            {u.lost.length > 0 && (
              <Box>
                <Typography variant="caption" sx={{ mr: 1 }}>
                  {t('authority.preview.lost')}
                </Typography>
                <MenuChips items={u.lost} kind="lost" />
              </Box>
            )}
          </Box>
        ))}
      </Stack>
      {data.roles.length > 0 && (
        <Box sx={{ mt: 2 }} data-testid="preview-roles">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('authority.preview.roles')}
          </Typography>
          {data.roles.map((r) => (
            <Box key={r.roleId} sx={{ mb: 1 }}>
              <Typography variant="body2">{r.roleName}</Typography>
              <MenuChips items={r.gained} kind="gained" />
              <MenuChips items={r.lost} kind="lost" />
              {[
                ...r.scopesGained.map((s) => ({ ...s, on: true })),
                ...r.scopesLost.map((s) => ({ ...s, on: false })),
              ].map((s) => (
                <Chip
                  key={`${s.kind}-${s.id}`}
                  size="small"
                  color={s.on ? 'success' : 'error'}
                  label={`${s.on ? '+' : '−'} ${s.name}`}
                  sx={{ mr: 0.5, mb: 0.5 }}
                />
              ))}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  )
}
