import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react'

export type TConfirmOptions = {
  message: string
  /** Defaults to 提示. */
  title?: string
  confirmText?: string
  cancelText?: string
}

type TConfirm = (options: TConfirmOptions) => Promise<boolean>

const ConfirmContext = createContext<TConfirm | null>(null)

/** The dialog loads on first use: the login route never needs it. */
const ConfirmDialog = lazy(async () => ({ default: (await import('./ConfirmDialog')).ConfirmDialog }))

/** One confirmation dialog for the whole app, answered as a promise. */
export const ConfirmProvider = ({ children }: { children: ReactNode }) => {
  const [options, setOptions] = useState<TConfirmOptions | null>(null)
  const resolver = useRef<((ok: boolean) => void) | null>(null)

  const confirm = useCallback<TConfirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false)
        resolver.current = resolve
        setOptions(next)
      }),
    [],
  )

  const answer = (ok: boolean) => {
    resolver.current?.(ok)
    resolver.current = null
    setOptions(null)
  }

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {options && (
        <Suspense fallback={null}>
          <ConfirmDialog options={options} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  )
}

export const useConfirm = (): TConfirm => {
  const confirm = useContext(ConfirmContext)
  if (!confirm) {
    throw new Error('useConfirm needs a ConfirmProvider')
  }
  return confirm
}
