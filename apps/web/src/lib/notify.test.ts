import { beforeEach, describe, expect, it, vi } from 'vitest'

const enqueued: { text: string; key: number; onExited?: () => void }[] = []
const closed: number[] = []
vi.mock('notistack', () => ({
  enqueueSnackbar: (text: string, opts: { onExited?: () => void }) => {
    const key = enqueued.length + 1
    enqueued.push({ text, key, onExited: opts.onExited })
    return key
  },
  closeSnackbar: (key: number) => closed.push(key),
}))
vi.mock('@/lib/i18n/messages', () => ({ translateMessage: (m: string) => m }))

const load = async () => {
  vi.resetModules()
  return import('./notify')
}

describe('toasts', () => {
  beforeEach(() => {
    enqueued.length = 0
    closed.length = 0
  })

  it('shows one message once while it is on screen, however many calls fail with it in one tick', async () => {
    const { toast } = await load()
    for (let i = 0; i < 4; i++) {
      toast.error('仅会员单位的账号可以填报问卷和申报成果')
    }
    toast.warning('仅会员单位的账号可以填报问卷和申报成果')
    expect(enqueued.map((e) => e.text)).toHaveLength(2)
    // Once it has gone, the same refusal is shown again.
    enqueued[0]!.onExited?.()
    toast.error('仅会员单位的账号可以填报问卷和申报成果')
    expect(enqueued).toHaveLength(3)
  })

  it('closes the screen’s refusals and warnings when the path changes, not its successes nor a fresh one', async () => {
    const { toast, dismissScreenToasts } = await load()
    const t0 = Date.now()
    toast.error('拒绝')
    toast.warning('警告')
    toast.success('操作成功')
    dismissScreenToasts(t0 + 5_000)
    expect(closed).toEqual([1, 2])
    // A refusal shown as the move happens (登录过期 then the login page) stays.
    toast.error('登录过期')
    dismissScreenToasts(Date.now() + 10)
    expect(closed).toEqual([1, 2])
  })
})
