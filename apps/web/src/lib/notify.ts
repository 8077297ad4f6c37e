import { enqueueSnackbar } from 'notistack'
import type { TNotifyKind } from '@/lib/http/client'
import { translateMessage } from '@/lib/i18n/messages'

/** Toasts (the snackbar provider is mounted once in the app providers). */
export const notify = (kind: TNotifyKind, message: string): void => {
  enqueueSnackbar(translateMessage(message), { variant: kind, preventDuplicate: true })
}

export const toast = {
  success: (message: string) => notify('success', message),
  error: (message: string) => notify('error', message),
  warning: (message: string) => notify('warning', message),
  info: (message: string) => notify('info', message),
}
