import { enUS, zhCN } from '@mui/material/locale'
import { createTheme } from '@mui/material/styles'
import { REQUIRED_LABEL_CLASS } from '@/components/form/requiredLabel'
import type { TLanguage } from './i18n'

const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"WenQuanYi Micro Hei"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',')

export const SIDEBAR_WIDTH = 232
export const SIDEBAR_COLLAPSED_WIDTH = 64

/** The theme, with MUI's own texts (pager and autocomplete labels, their aria-labels) in the language. */
export const buildTheme = (language: TLanguage) =>
  createTheme(
    {
      palette: {
        primary: { main: '#1565c0' },
        secondary: { main: '#b26a00' },
        success: { main: '#2e7d32' },
        warning: { main: '#ed6c02' },
        background: { default: '#f0f2f5' },
      },
      shape: { borderRadius: 6 },
      typography: { fontFamily: FONT_FAMILY, fontSize: 14 },
      breakpoints: { values: { xs: 0, sm: 768, md: 992, lg: 1200, xl: 1600 } },
      components: {
        MuiButton: {
          defaultProps: { size: 'small', disableElevation: true },
          styleOverrides: { root: { textTransform: 'none' } },
        },
        MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
        MuiIconButton: { defaultProps: { size: 'small' } },
        MuiDialog: { defaultProps: { fullWidth: true } },
        // A required field's marker: after its label, with an empty alternative text so that the
        // label's accessible name stays the field's name (getByLabel('成果名称', { exact: true })).
        MuiCssBaseline: {
          styleOverrides: {
            [`.${REQUIRED_LABEL_CLASS}::after`]: { content: '" *" / ""', color: '#d32f2f' },
          },
        },
      },
    },
    language === 'en' ? enUS : zhCN,
  )
