import i18next from 'i18next'

/** Without the web configuration nothing can talk to the server: say so plainly. */
export const BootError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => (
  <div style={{ padding: 48, fontFamily: 'sans-serif', textAlign: 'center' }}>
    <h2>{i18next.t('app.configFailed')}</h2>
    <p style={{ color: '#888' }}>{error instanceof Error ? error.message : String(error)}</p>
    <button type="button" onClick={onRetry}>
      {i18next.t('app.retry')}
    </button>
  </div>
)
