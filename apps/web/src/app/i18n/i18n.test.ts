import { AuthMsg, DictMsg, Msg, ParamMsg } from '@ysjs/shared'
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { zh } from './zh'

const keys = (node: unknown, prefix = ''): string[] =>
  typeof node === 'object' && node !== null
    ? Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix]

describe('translations', () => {
  it('has the same keys in zh and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
  })

  it('uses the spec’s Chinese strings word for word', () => {
    expect(zh.msg).toMatchObject({
      tokenExpired: Msg.CLIENT_TOKEN_EXPIRED,
      systemError: '系统错误',
      addSuccess: '新增成功',
      updateSuccess: '更新成功',
      deleteSuccess: '删除成功',
      operateSuccess: '操作成功!',
      deleteConfirm: '确定将选择数据删除?',
      selectAtLeastOne: '请选择至少一条数据',
    })
    expect(zh.common.tip).toBe('提示')
    expect(zh.layout.tabs).toMatchObject({ clearCacheConfirm: '是否需要清除缓存?', cacheCleared: '清除完毕' })
    expect(zh.auth.register.submitted).toBe('注册申请已提交,请耐心等待管理员通过!')
    expect(zh.flow.title).toBe('流程图展示')
    expect(zh.errors.underConstruction).toBe('该功能正在建设中')
    expect(zh.system.param.errors).toEqual(ParamMsg)
    expect(zh.system.dict.errors).toEqual(DictMsg)
    expect(zh.auth.errors).toEqual(AuthMsg)
  })
})
