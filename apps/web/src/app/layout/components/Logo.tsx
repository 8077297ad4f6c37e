import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useWebConfig } from '@/lib/config/webConfig'

/** The short title when the sidebar is collapsed, the full title otherwise. */
export const Logo = ({ collapsed }: { collapsed: boolean }) => {
  const { title, shortTitle } = useWebConfig()
  return (
    <Box
      sx={{
        height: 64,
        display: 'flex',
        flexDirection: collapsed ? 'column' : 'row',
        alignItems: 'center',
        justifyContent: 'center',
        px: 1,
        gap: collapsed ? 0.25 : 1,
        overflow: 'hidden',
      }}
      data-testid="logo"
    >
      <Box
        component="img"
        src="/favicon.svg"
        alt=""
        sx={{ width: collapsed ? 22 : 28, height: collapsed ? 22 : 28, flexShrink: 0 }}
      />
      <Typography
        component="div"
        noWrap={collapsed}
        sx={{
          color: '#fff',
          fontWeight: 600,
          fontSize: collapsed ? 10 : 13,
          lineHeight: 1.25,
          maxWidth: '100%',
        }}
        title={title}
      >
        {collapsed ? shortTitle : title}
      </Typography>
    </Box>
  )
}
