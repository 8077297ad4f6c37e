import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ZParamSubmitSchema } from '@ysjs/shared'
import { MemoryRouter } from 'react-router-dom'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/AppProviders'
import { initI18n } from '@/app/i18n'
import { setButtons } from '@/lib/session/session'
import { testMenu } from '@/test/menus'
import { CrudScreen } from './CrudScreen'
import type { TResource, TRow } from './types'

const button = (code: string, alias: string) =>
  testMenu({ id: code, parentId: 'm', alias, category: 2, action: 1 })

const makeResource = () => {
  const api = {
    list: vi.fn(async () => ({
      records: [{ id: '1', paramName: '名称一', paramKey: 'k.one', paramValue: 'v', remark: '' }],
      total: 1,
    })),
    submit: vi.fn(async () => ({})),
    remove: vi.fn(async () => ({})),
  }
  const resource: TResource<TRow> = {
    key: 'param-test',
    nameKey: 'system.param.name',
    schema: ZParamSubmitSchema,
    api,
    permissions: { codes: { add: 't_add', edit: 't_edit', delete: 't_delete', view: 't_view' } },
    fields: [
      { name: 'paramName', labelKey: 'system.param.paramName', search: true },
      { name: 'paramKey', labelKey: 'system.param.paramKey' },
      { name: 'paramValue', labelKey: 'system.param.paramValue', kind: 'textarea' },
    ],
  }
  return { resource, api }
}

const renderScreen = (resource: TResource<TRow>) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/system/param']}>
        <CrudScreen resource={resource} />
      </MemoryRouter>
    </AppProviders>,
  )

// A jsdom render of the grid takes seconds on a loaded machine.
describe('CrudScreen', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n()
  })

  beforeEach(() => {
    setButtons([
      {
        ...button('menu', 'menu'),
        category: 1,
        children: ['t_add', 't_edit', 't_delete', 't_view'].map((c) => button(c, c.slice(2))),
      },
    ])
  })

  it('lists the first page of 10 and warns when deleting without a selection', async () => {
    const { resource, api } = makeResource()
    renderScreen(resource)
    expect(await screen.findByText('名称一')).toBeTruthy()
    expect(api.list).toHaveBeenCalledWith({ current: 1, size: 10, search: { paramName: '' } })
    const toolbarDelete = screen.getAllByRole('button', { name: '删除' })[0]
    fireEvent.click(toolbarDelete as HTMLElement)
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy()
    expect(api.remove).not.toHaveBeenCalled()
  })

  it('shows the shared schema’s first message as a warning on a failed submit', async () => {
    const { resource, api } = makeResource()
    renderScreen(resource)
    fireEvent.click(await screen.findByRole('button', { name: '新增' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.getAllByText('请输入参数名称').length).toBeGreaterThanOrEqual(2))
    expect(api.submit).not.toHaveBeenCalled()
  })

  it('shows the two most used actions labelled under 操作, the others in its ⋯ menu', async () => {
    const { resource } = makeResource()
    renderScreen(resource)
    await screen.findByText('名称一')
    expect(screen.getByRole('columnheader', { name: '操作' })).toBeTruthy()
    const row = screen.getByRole('row', { name: /名称一/ })
    expect(within(row).getByRole('button', { name: '编辑' })).toBeTruthy()
    expect(within(row).getByRole('button', { name: '查看' })).toBeTruthy()
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull()
    fireEvent.click(within(row).getByRole('button', { name: '更多' }))
    expect(await screen.findByRole('menuitem', { name: '删除' })).toBeTruthy()
  })

  it('deletes a row after the 提示 confirmation and says 删除成功', async () => {
    const { resource, api } = makeResource()
    renderScreen(resource)
    await screen.findByText('名称一')
    fireEvent.click(within(screen.getByRole('row', { name: /名称一/ })).getByRole('button', { name: '更多' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: '删除' }))
    const confirm = await screen.findByRole('dialog', { name: '提示' })
    expect(within(confirm).getByText('确定将选择数据删除?')).toBeTruthy()
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }))
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(['1']))
    expect(await screen.findByText('删除成功')).toBeTruthy()
  })

  it('hides the buttons the user has no permission for', async () => {
    setButtons([{ ...button('menu', 'menu'), category: 1, children: [button('t_view', 'view')] }])
    const { resource } = makeResource()
    renderScreen(resource)
    await screen.findByText('名称一')
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull()
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull()
    expect(screen.getByRole('button', { name: '查看' })).toBeTruthy()
  })
})
