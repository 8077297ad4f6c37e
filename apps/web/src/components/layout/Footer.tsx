import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useWebConfig } from '@/lib/config/webConfig'

/** Copyright, operator, the three business hotlines and the technical-support credit, as the server words them. */
export const Footer = ({ dense = false }: { dense?: boolean }) => {
  const { footer } = useWebConfig()
  return (
    <Box
      component="footer"
      sx={{
        py: dense ? 1 : 2,
        px: 2,
        textAlign: 'center',
        color: 'text.secondary',
        fontSize: 12,
        lineHeight: 1.8,
      }}
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
            {footer.operator}
          </Box>
        )}
        {footer.support && (
          <Box component="span" sx={{ ml: 2 }}>
            {footer.support}
          </Box>
        )}
      </Typography>
    </Box>
  )
}
