import { describe, expect, it } from 'vitest'
import {
  isCode,
  isName,
  isPhone,
  isPostcode,
  ZDictSubmitSchema,
  ZIdListSchema,
  ZIdSchema,
  ZPageQuerySchema,
  ZParamSubmitSchema,
  zPhone,
} from '../src/index.ts'

describe('phone', () => {
  it.each(['13800138000', '19912345678', '010-12345678', '0755-1234567', '021-123456'])('accepts %s', (v) => {
    expect(isPhone(v)).toBe(true)
  })
  it.each([
    '12800138000',
    '1380013800',
    '138001380000',
    '10-1234567',
    '010-12345',
    '010-123456789',
    '01012345678x',
    '',
    '+8613800138000',
  ])('refuses %s', (v) => {
    expect(isPhone(v)).toBe(false)
  })
  it('answers the two spec messages', () => {
    const schema = zPhone()
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('请输入联系电话')
    expect(schema.safeParse('123').error?.issues[0]?.message).toBe('请输入正确的联系电话')
    expect(schema.parse(' 13800138000 ')).toBe('13800138000')
  })
})

describe('name, code, postcode', () => {
  it('name is 2 to 50 characters, counting Chinese characters once', () => {
    expect(isName('张')).toBe(false)
    expect(isName('张三')).toBe(true)
    expect(isName('张'.repeat(50))).toBe(true)
    expect(isName('张'.repeat(51))).toBe(false)
    expect(isName('  ')).toBe(false)
  })
  it('code and postcode are 6 digits', () => {
    expect(isCode('000000')).toBe(true)
    expect(isCode('00000')).toBe(false)
    expect(isCode('00000a')).toBe(false)
    expect(isPostcode('100081')).toBe(true)
    expect(isPostcode('1000811')).toBe(false)
  })
})

describe('ids and paging', () => {
  it('accepts ids as strings or numbers and refuses anything else', () => {
    expect(ZIdSchema.parse('1123598821738675201')).toBe('1123598821738675201')
    expect(ZIdSchema.parse(42)).toBe('42')
    expect(ZIdSchema.safeParse('12a').success).toBe(false)
    expect(ZIdSchema.safeParse('99999999999999999999').success).toBe(false)
    expect(ZIdSchema.safeParse(-1).success).toBe(false)
  })
  it('splits id lists', () => {
    expect(ZIdListSchema.parse('1, 2,3,')).toEqual(['1', '2', '3'])
    expect(ZIdListSchema.safeParse('1,x').error?.issues[0]?.message).toBe('请求参数类型错误: ids')
    expect(ZIdListSchema.safeParse('').error?.issues[0]?.message).toBe('缺少必要的请求参数: ids')
  })
  it('defaults paging to page 1 of 10 and falls back on nonsense', () => {
    expect(ZPageQuerySchema.parse({})).toMatchObject({ current: 1, size: 10 })
    expect(ZPageQuerySchema.parse({ current: '3', size: '200' })).toMatchObject({ current: 3, size: 200 })
    expect(ZPageQuerySchema.parse({ current: '0', size: 'x' })).toMatchObject({ current: 1, size: 10 })
    expect(ZPageQuerySchema.parse({ size: '100000' })).toMatchObject({ size: 10 })
  })
})

describe('form schemas', () => {
  it('param: the three spec messages in field order', () => {
    const first = (v: object) => ZParamSubmitSchema.safeParse(v).error?.issues[0]?.message
    expect(first({})).toBe('请输入参数名称')
    expect(first({ paramName: 'a' })).toBe('请输入参数键名')
    expect(first({ paramName: 'a', paramKey: 'b' })).toBe('请输入参数键值')
    expect(
      ZParamSubmitSchema.parse({ paramName: 'a', paramKey: 'b', paramValue: 'c', remark: '' }).remark,
    ).toBeUndefined()
  })
  it('dictionary: code for a header, key for an item, sort and name always', () => {
    const first = (v: object) => ZDictSubmitSchema.safeParse(v).error?.issues[0]?.message
    expect(first({ dictValue: 'x', sort: 1 })).toBe('请输入字典编号')
    expect(first({ code: 'x', sort: 1 })).toBe('请输入字典名称')
    expect(first({ code: 'x', dictValue: 'x' })).toBe('请输入字典排序')
    expect(first({ code: 'x', dictValue: 'x', sort: 1, isSealed: 3 })).toBe('请选择封存')
    expect(first({ parentId: '5', dictValue: 'x', sort: 1 })).toBe('请输入字典键值')
    expect(ZDictSubmitSchema.parse({ code: 'x', dictValue: 'x', sort: '2' })).toMatchObject({
      sort: 2,
      isSealed: 0,
    })
  })
})
