import RestartAltIcon from '@mui/icons-material/RestartAlt'
import SearchIcon from '@mui/icons-material/Search'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateField } from '@/components/date/DateField'
import { useFlowCategories } from '../useFlowCategories'

/** A filter of the flow lists: `dates` is the pair beginDate / endDate (contract 10.2 BladeFlow filters). */
export type TFlowSearchField =
  | 'category'
  | 'processDefinitionName'
  | 'dates'
  | 'name'
  | 'modelKey'
  | 'processInstanceId'
  | 'processDefinitionKey'

const namesOf = (fields: TFlowSearchField[]) =>
  fields.flatMap((f) => (f === 'dates' ? ['beginDate', 'endDate'] : [f]))

/** The search row of the flow lists; it submits into the URL state. */
export const FlowSearch = ({
  fields,
  values,
  onSearch,
}: {
  fields: TFlowSearchField[]
  values: Record<string, string>
  onSearch: (values: Record<string, string>) => void
}) => {
  const { t } = useTranslation()
  const categories = useFlowCategories()
  const pick = (v: Record<string, string>) => Object.fromEntries(namesOf(fields).map((n) => [n, v[n] ?? '']))
  const [draft, setDraft] = useState(() => pick(values))
  const key = JSON.stringify(pick(values))
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the searched values
  useEffect(() => setDraft(pick(values)), [key])
  const set = (name: string) => (value: string) => setDraft((d) => ({ ...d, [name]: value }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch(draft)
  }
  const sx = { width: { xs: '100%', sm: 200 } }
  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1.5, alignItems: 'center' }}
    >
      {fields.map((f) => {
        if (f === 'category') {
          return (
            <TextField
              key={f}
              select
              size="small"
              sx={sx}
              name="search-category"
              label={t('flow.col.category')}
              value={draft.category ?? ''}
              onChange={(e) => set('category')(e.target.value)}
            >
              <MenuItem value="">
                <em>{t('common.pleaseSelect')}</em>
              </MenuItem>
              {categories.map((c) => (
                <MenuItem key={c.value} value={c.value}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
          )
        }
        if (f === 'dates') {
          return (
            <Box key={f} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Box sx={sx}>
                <DateField
                  label={t('flow.search.beginDate')}
                  name="search-beginDate"
                  value={draft.beginDate}
                  onChange={set('beginDate')}
                />
              </Box>
              <Box sx={sx}>
                <DateField
                  label={t('flow.search.endDate')}
                  name="search-endDate"
                  value={draft.endDate}
                  onChange={set('endDate')}
                />
              </Box>
            </Box>
          )
        }
        return (
          <TextField
            key={f}
            size="small"
            sx={sx}
            name={`search-${f}`}
            label={t(`flow.search.${f}`)}
            value={draft[f] ?? ''}
            onChange={(e) => set(f)(e.target.value)}
          />
        )
      })}
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        {t('common.search')}
      </Button>
      <Button
        startIcon={<RestartAltIcon />}
        onClick={() => {
          const empty = pick({})
          setDraft(empty)
          onSearch(empty)
        }}
      >
        {t('common.reset')}
      </Button>
    </Box>
  )
}
