import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FireTimesPreview } from './FireTimesPreview'

const calls: unknown[] = []
vi.mock('../jobApi', () => ({
  jobInfoApi: {
    nextFireTimes: async (query: unknown) => {
      calls.push(query)
      return ['2026-12-01 00:00:00']
    },
  },
}))

const show = (timeExpressionType: string, timeExpression: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FireTimesPreview timeExpressionType={timeExpressionType} timeExpression={timeExpression} />
    </QueryClientProvider>,
  )

describe('FireTimesPreview (the job form, 新增任务)', () => {
  beforeEach(() => {
    calls.length = 0
  })

  it('asks nothing while a CRON or fixed-rate job has no expression typed', async () => {
    show('2', '')
    show('3', '  ')
    await new Promise((r) => setTimeout(r, 500))
    expect(calls).toEqual([])
    expect(screen.queryByTestId('fire-times')).toBeNull()
  })

  it('asks the server once an expression is typed, and for the types that need none', async () => {
    show('2', '0 0 0 * * ?')
    show('1', '')
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[0]).toMatchObject({ timeExpressionType: '2', timeExpression: '0 0 0 * * ?' })
  })
})
