import { enUS, zhCN } from '@mui/x-data-grid/locales'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The DataGrid's own texts (pager, column menu) in the interface language; an empty list says what every
 * other list says (暂无数据), not the grid's own 没有数据。
 */
export const useGridLocaleText = () => {
  const { i18n, t } = useTranslation()
  const language = i18n.language
  return useMemo(() => {
    const empty = t('common.empty')
    return {
      ...(language === 'en' ? enUS : zhCN).components.MuiDataGrid.defaultProps.localeText,
      noRowsLabel: empty,
      noResultsOverlayLabel: empty,
    }
  }, [language, t])
}
