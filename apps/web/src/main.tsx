import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { BootError } from './app/BootError'
import { initI18n } from './app/i18n'
import { loadWebConfig } from './lib/config/webConfig'
import { installGlobalErrorHandlers } from './lib/errors'

const root = createRoot(document.getElementById('root') as HTMLElement)

const boot = async () => {
  installGlobalErrorHandlers()
  await initI18n()
  try {
    await loadWebConfig()
  } catch (error) {
    root.render(<BootError error={error} onRetry={() => void boot()} />)
    return
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

void boot()
