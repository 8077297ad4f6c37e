import { AuthMsg, DictMsg, Msg, ParamMsg } from '@ysjs/shared'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { initI18n } from '.'
import { en } from './en'
import { screensEn, screensZh } from './screens'
import { zh } from './zh'

const keys = (node: unknown, prefix = ''): string[] =>
  typeof node === 'object' && node !== null
    ? Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix]

describe('translations', () => {
  it('has the same keys in zh and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort())
    expect(keys(screensEn).sort()).toEqual(keys(screensZh).sort())
  })

  it('keeps the screens’ texts apart from the shell’s, and merges them once the layout loads', async () => {
    const shell = new Set(keys(zh))
    expect(keys(screensZh).filter((k) => shell.has(k))).toEqual([])
    await initI18n()
    // screens.ts registered its texts on import (deep-merged into the one namespace).
    expect(i18next.t('authority.preview.title', { lng: 'zh' })).toBe('变更预览')
    expect(i18next.t('system.tenantPackage.packageName', { lng: 'zh' })).toBe('产品包名称')
    expect(i18next.t('system.param.paramName', { lng: 'zh' })).toBe('参数名称')
    expect(i18next.t('authority.preview.title', { lng: 'en' })).toBe('Change preview')
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
