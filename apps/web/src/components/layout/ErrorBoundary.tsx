import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { logClientError } from '@/lib/errors'

type TProps = { children: ReactNode; fallback: (error: Error, reset: () => void) => ReactNode }
type TState = { error: Error | null }

/** Catches render errors (and chunks that could not load) and sends them to the error log. */
export class ErrorBoundary extends Component<TProps, TState> {
  override state: TState = { error: null }

  static getDerivedStateFromError(error: Error): TState {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logClientError('render', error, info.componentStack ?? '')
  }

  reset = () => this.setState({ error: null })

  override render() {
    if (this.state.error) {
      return this.props.fallback(this.state.error, this.reset)
    }
    return this.props.children
  }
}

export const ErrorFallback = ({ message, actionText }: { message: string; actionText: string }) => (
  <Alert
    severity="error"
    sx={{ m: 2 }}
    action={
      <Button color="inherit" onClick={() => window.location.reload()}>
        {actionText}
      </Button>
    }
  >
    {message}
  </Alert>
)
