import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useWebConfig } from '@/lib/config/webConfig'

/** Copyright, operator, the three business hotlines and the technical-support credit. */
export const Footer = ({ dense = false }: { dense?: boolean }) => {
  const { t } = useTranslation()
  const { footer } = useWebConfig()
  return (
    <Box
      component="footer"
      sx={{ py: dense ? 1 : 2, px: 2, textAlign: 'center', color: 'text.secondary', fontSize: 12, lineHeight: 1.8 }}
      data-testid="app-footer"
    >
      {footer.hotlines.length > 0 && (
        <Typography variant="caption" component="div">
          {footer.hotlines.map((h) => (
            <Box component="span" key={h.name} sx={{ mx: 1, display: 'inline-block' }}>
              {h.name}：{h.phone}
            </Box>
          ))}
        </Typography>
      )}
      <Typography variant="caption" component="div">
        {footer.copyright}
        {footer.operator && (
          <Box component="span" sx={{ ml: 2 }}>
            {t('footer.operator')}：{footer.operator}
          </Box>
        )}
        {footer.support && (
          <Box component="span" sx={{ ml: 2 }}>
            {t('footer.support')}：{footer.support}
          </Box>
        )}
      </Typography>
    </Box>
  )
}
