import { describe, expect, it } from 'vitest'
import {
  containsNul,
  isCode,
  isName,
  isPhone,
  isPostcode,
  ZDictSubmitSchema,
  ZIdListSchema,
  ZIdSchema,
  ZPageQuerySchema,
  ZParamSubmitSchema,
  zInt,
  zOptionalText,
  zPhone,
  zRequired,
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
    // A JSON number past 2^53 arrives rounded (1123598821738675201 reads as ...200): never another id.
    expect(ZIdSchema.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true)
    const rounded = ZIdSchema.safeParse(JSON.parse('{"id":1123598821738675201}').id)
    expect(rounded.success).toBe(false)
    expect(rounded.error?.issues[0]?.message).toBe('请求参数类型错误')
  })
  it('splits id lists', () => {
    expect(ZIdListSchema.parse('1, 2,3,')).toEqual(['1', '2', '3'])
    expect(ZIdListSchema.safeParse('1,x').error?.issues[0]?.message).toBe('请求参数类型错误: ids')
    expect(ZIdListSchema.safeParse('').error?.issues[0]?.message).toBe('缺少必要的请求参数: ids')
  })
  it('defaults paging to page 1 of 10 and refuses nonsense instead of replacing it', () => {
    expect(ZPageQuerySchema.parse({})).toMatchObject({ current: 1, size: 10 })
    expect(ZPageQuerySchema.parse({ current: '', size: '' })).toMatchObject({ current: 1, size: 10 })
    expect(ZPageQuerySchema.parse({ current: '3', size: '200' })).toMatchObject({ current: 3, size: 200 })
    expect(ZPageQuerySchema.parse({ size: '1000', current: '1000000' })).toMatchObject({ size: 1000 })
    for (const bad of [
      { current: '0' },
      { size: 'x' },
      { size: '1001' },
      { size: '0' },
      { current: '1000001' },
      { size: '2.5' },
    ]) {
      expect(ZPageQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
    expect(ZPageQuerySchema.safeParse({ size: '100000' }).error?.issues[0]?.message).toBe(
      '分页参数 size 须为 1 到 1000 之间的整数',
    )
  })
  it('ids fit a PostgreSQL bigint', () => {
    expect(ZIdSchema.safeParse('9223372036854775807').success).toBe(true)
    expect(ZIdSchema.safeParse('9223372036854775808').success).toBe(false)
    expect(ZIdListSchema.safeParse('1,9223372036854775808').success).toBe(false)
    expect(ZIdSchema.safeParse(-1).success).toBe(false)
  })
  it('integers fit int4 and text never carries NUL', () => {
    expect(zInt().safeParse(2_147_483_647).success).toBe(true)
    expect(zInt().safeParse('2147483648').success).toBe(false)
    expect(zInt().safeParse(-2_147_483_649).success).toBe(false)
    expect(zInt({ message: '请选择', min: 1 }).safeParse(0).error?.issues[0]?.message).toBe('请选择')
    expect(zRequired('请输入').safeParse('a\u0000b').error?.issues[0]?.message).toBe('请求参数包含非法字符')
    expect(zOptionalText().safeParse('\u0000').success).toBe(false)
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true)
    expect(containsNul({ 'k\u0000': 1 })).toBe(true)
    expect(containsNul({ a: ['x', 1, null] })).toBe(false)
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
