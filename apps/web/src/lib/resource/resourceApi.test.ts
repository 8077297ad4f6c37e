import { afterEach, describe, expect, it, vi } from 'vitest'
import { http } from '@/lib/http'
import { queryKeys } from './queryKeys'
import { resourceApi } from './resourceApi'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('resourceApi', () => {
  it('makes the contract calls of a resource, exact search fields as x_equal', async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockResolvedValue({ records: [{ id: '1' }], total: 1, current: 1, size: 10 })
    const post = vi.spyOn(http, 'post').mockResolvedValue(null)
    const api = resourceApi<{ id: string; name: string }>('/api/m/thing', { exact: ['status'] })
    await expect(
      api.list({ current: 2, size: 10, search: { name: 'a', status: '1', empty: '' } }),
    ).resolves.toEqual({
      records: [{ id: '1' }],
      total: 1,
    })
    expect(get).toHaveBeenCalledWith('/api/m/thing/list', {
      current: 2,
      size: 10,
      name: 'a',
      status_equal: '1',
    })
    await api.detail('7')
    expect(get).toHaveBeenLastCalledWith('/api/m/thing/detail', { id: '7' })
    await api.submit({ name: 'b' })
    expect(post).toHaveBeenCalledWith('/api/m/thing/submit', { name: 'b' })
    await api.remove(['1', '2'])
    expect(post).toHaveBeenLastCalledWith('/api/m/thing/remove', undefined, { params: { ids: '1,2' } })
    expect(api.exportFile).toBeUndefined()
    expect(resourceApi('/api/m/thing', { exportable: true }).exportFile).toBeTypeOf('function')
  })

  it('keys every query of a resource under its key', () => {
    expect(queryKeys.list('k', { current: 1 })).toEqual(['k', 'list', { current: 1 }])
    expect(queryKeys.detail('k', undefined)).toEqual(['k', 'detail', null])
    expect(queryKeys.call('k', 'tree', '1').slice(0, 1)).toEqual(queryKeys.all('k'))
  })
})
