import AddIcon from '@mui/icons-material/Add'
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined'
import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import {
  DataScopeType,
  parseScopeRule,
  SCOPE_PLACEHOLDERS,
  SCOPE_RULE_OPS,
  type TScopeCondition,
  type TScopeRuleOp,
} from '@ysjs/shared'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { ruleFieldsApi } from '../api/authorityApi'

const NO_VALUE: readonly TScopeRuleOp[] = ['null', 'notnull']
/** `${deptIds}` → `deptIds`, the key of its label. */
const placeholderKey = (p: string) => p.slice(2, -1)

/**
 * The custom data-scope rule (type 5) as rows of field / condition / value: fields come from the
 * server's list for the resource (the same list it checks a rule against), conditions from the shared
 * whitelist, values are literals or the user placeholders. Stored as the JSON the server parses; there
 * is no free text that could become SQL.
 */
export const ScopeRuleEditor = ({
  label,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
  control,
}: TCustomFieldProps) => {
  const { t } = useTranslation()
  const [scopeType, resourceCode] = useWatch({ control, name: ['scopeType', 'resourceCode'] }) as [
    unknown,
    unknown,
  ]
  const code = typeof resourceCode === 'string' ? resourceCode.trim() : ''
  const fields = useQuery({
    queryKey: ['data-scope', 'rule-fields', code],
    queryFn: () => ruleFieldsApi(code),
    staleTime: 60_000,
  })
  const rows: TScopeCondition[] = parseScopeRule(typeof value === 'string' ? value : '') ?? []

  if (Number(scopeType) !== DataScopeType.CUSTOM) {
    return (
      <Box data-testid="scope-rule-editor">
        <FormLabel>{label}</FormLabel>
        <Typography variant="body2" color="text.secondary">
          {t('authority.scope.rule.onlyCustom')}
        </Typography>
      </Box>
    )
  }

  const save = (next: TScopeCondition[]) => {
    onChange(next.length ? JSON.stringify(next) : '')
    onBlur()
  }
  const patch = (i: number, change: Partial<TScopeCondition>) =>
    save(
      rows.map((r, j) =>
        j === i
          ? { ...r, ...change, ...(change.op && NO_VALUE.includes(change.op) ? { value: '' } : {}) }
          : r,
      ),
    )
  const fieldOptions = (fields.data ?? []).map((f) => f.field)
  const placeholderLabel = (v: string) =>
    (SCOPE_PLACEHOLDERS as readonly string[]).includes(v)
      ? `${t(`authority.scope.rule.placeholders.${placeholderKey(v)}`)} ${v}`
      : v

  return (
    <Box role="group" aria-label={label} data-testid="scope-rule-editor">
      <FormLabel error={error}>{label}</FormLabel>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {rows.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('authority.scope.rule.empty')}
          </Typography>
        )}
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity besides their place
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('authority.scope.rule.field')}
              value={fieldOptions.includes(row.field) ? row.field : ''}
              onChange={(e) => patch(i, { field: e.target.value })}
              disabled={disabled}
              sx={{ width: 180, flexShrink: 0 }}
            >
              {fieldOptions.map((f) => (
                <MenuItem key={f} value={f}>
                  {f}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('authority.scope.rule.op')}
              value={row.op}
              onChange={(e) => patch(i, { op: e.target.value as TScopeRuleOp })}
              disabled={disabled}
              sx={{ width: 140, flexShrink: 0 }}
            >
              {SCOPE_RULE_OPS.map((op) => (
                <MenuItem key={op} value={op}>
                  {t(`authority.scope.rule.ops.${op}`)}
                </MenuItem>
              ))}
            </TextField>
            {!NO_VALUE.includes(row.op) && (
              <Autocomplete
                freeSolo
                size="small"
                options={[...SCOPE_PLACEHOLDERS]}
                renderOption={({ key, ...props }, option) => (
                  <li key={key} {...props}>
                    {placeholderLabel(option)}
                  </li>
                )}
                inputValue={row.value}
                onInputChange={(_e, v) => patch(i, { value: v })}
                disabled={disabled}
                sx={{ flex: 1, minWidth: 160 }}
                renderInput={(params) => <TextField {...params} label={t('authority.scope.rule.value')} />}
              />
            )}
            <IconButton
              aria-label={t('authority.scope.rule.remove')}
              onClick={() => save(rows.filter((_r, j) => j !== i))}
              disabled={disabled}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => save([...rows, { field: fieldOptions[0] ?? 'createUser', op: 'eq', value: '' }])}
            disabled={disabled || rows.length >= 10}
          >
            {t('authority.scope.rule.add')}
          </Button>
        </Box>
      </Stack>
      {helperText && <FormHelperText error={error}>{helperText}</FormHelperText>}
    </Box>
  )
}
