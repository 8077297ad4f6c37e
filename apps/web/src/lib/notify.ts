import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack'
import type { TNotifyKind } from '@/lib/http/client'
import { translateMessage } from '@/lib/i18n/messages'

/**
 * Toasts (the snackbar provider is mounted once in the app providers). One message of one kind is shown
 * once while it is on screen, however many calls fail with it (a screen's queries refused together).
 */
const showing = new Map<string, { key: SnackbarKey; kind: TNotifyKind; at: number }>()
/** A toast younger than this when the path changes was caused by the move (登录过期 → login): kept. */
const CAUSED_BY_MOVE_MS = 1_000

export const notify = (kind: TNotifyKind, message: string): void => {
  const text = translateMessage(message)
  const id = `${kind}:${text}`
  if (showing.has(id)) {
    return
  }
  const key = enqueueSnackbar(text, {
    variant: kind,
    onExited: () => {
      showing.delete(id)
    },
  })
  showing.set(id, { key, kind, at: Date.now() })
}

/** The path changed: a refusal or warning of the screen left does not follow the user to the next. */
export const dismissScreenToasts = (now = Date.now()): void => {
  for (const [id, { key, kind, at }] of showing) {
    if ((kind === 'error' || kind === 'warning') && now - at >= CAUSED_BY_MOVE_MS) {
      closeSnackbar(key)
      showing.delete(id)
    }
  }
}

/** The snackbar provider went away, and its toasts with it: none of them is on screen any more. */
export const forgetToasts = (): void => {
  showing.clear()
}

export const toast = {
  success: (message: string) => notify('success', message),
  error: (message: string) => notify('error', message),
  warning: (message: string) => notify('warning', message),
  info: (message: string) => notify('info', message),
}
