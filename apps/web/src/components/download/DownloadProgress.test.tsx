import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/AppProviders'
import { initI18n } from '@/app/i18n'
import { downloadFile, downloadsStore } from '@/lib/download'
import { formatBytes } from './DownloadProgress'

beforeAll(async () => {
  await initI18n()
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A streamed xlsx answer whose body the test sends chunk by chunk. */
const streamedAnswer = (headers: Record<string, string>) => {
  let push: (bytes: Uint8Array | null) => void = () => undefined
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (bytes) => (bytes ? controller.enqueue(bytes) : controller.close())
    },
  })
  const response = new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ...headers,
    },
  })
  return { response, push: (bytes: Uint8Array | null) => push(bytes) }
}

describe('the download progress panel', () => {
  it('shows an export as it arrives: preparing, then the bytes received and the rows it holds; gone when saved', async () => {
    const answer = streamedAnswer({
      'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('专家库.xlsx')}`,
      'x-export-rows': '1000000',
    })
    let answered: (r: Response) => void = () => undefined
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answered = resolve))),
    )
    const created = vi.fn(() => 'blob:x')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    render(
      <AppProviders>
        <div />
      </AppProviders>,
    )
    const done = downloadFile({ url: '/api/blade-expert/expertBasic/export' })
    // Before the first byte (the server reads the first batch): a panel that says it is preparing.
    expect(await screen.findByText('正在生成文件…', {}, { timeout: 2000 })).toBeTruthy()
    answered(answer.response)
    answer.push(new Uint8Array(1536))
    expect(await screen.findByText('已接收 1.5 KB · 共 1,000,000 行')).toBeTruthy()
    expect(screen.getByText('专家库.xlsx')).toBeTruthy()
    answer.push(new Uint8Array(3 * 1024 * 1024))
    expect(await screen.findByText('已接收 3.0 MB · 共 1,000,000 行')).toBeTruthy()
    answer.push(null)
    expect(await done).toMatchObject({ fileName: '专家库.xlsx' })
    expect(created).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByTestId('download-progress')).toBeNull())
    expect(downloadsStore.get()).toEqual([])
  })

  it('never flashes for a quick download, and a refusal leaves no panel behind', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { code: 429, success: false, data: null, msg: '当前导出任务较多,请稍后再试' },
          { status: 429 },
        ),
      ),
    )
    render(
      <AppProviders>
        <div />
      </AppProviders>,
    )
    await expect(downloadFile({ url: '/api/blade-expert/expertBasic/export' })).rejects.toMatchObject({
      message: '当前导出任务较多,请稍后再试',
    })
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(screen.queryByTestId('download-progress')).toBeNull()
    expect(downloadsStore.get()).toEqual([])
  })

  it('writes sizes as people read them', () => {
    expect([formatBytes(0), formatBytes(1023), formatBytes(1536), formatBytes(5 * 1024 * 1024)]).toEqual([
      '0 B',
      '1023 B',
      '1.5 KB',
      '5.0 MB',
    ])
  })
})
