import { ResultsMsg, ZParamSubmitSchema, ZResultsVOFullSchema, ZResultsVOSubmitSchema } from '@ysjs/shared'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldOfMessage, fieldSchemaAt, isRequiredField, withEmptiedFields } from './schemaFields'

describe('required markers from the shared schema', () => {
  it('marks what the full application schema requires and not what a draft leaves open', () => {
    const required = (path: string) => isRequiredField(fieldSchemaAt(ZResultsVOFullSchema, path))
    expect(required('name')).toBe(true)
    expect(required('signingDate')).toBe(true)
    expect(required('unitEntityList')).toBe(true)
    expect(required('principal.unitName')).toBe(true)
    expect(required('unitEntityList.0.unitName')).toBe(true)
    expect(required('firstParty')).toBe(false)
    expect(required('agreementNumber')).toBe(false)
    expect(isRequiredField(fieldSchemaAt(ZResultsVOSubmitSchema, 'name'))).toBe(false)
  })

  it('answers undefined for a path the schema does not have', () => {
    expect(fieldSchemaAt(ZResultsVOFullSchema, 'nope')).toBeUndefined()
    expect(fieldSchemaAt(ZResultsVOFullSchema, 'name.deeper')).toBeUndefined()
  })
})

describe('the field a server message is about', () => {
  const schema = z.object({ id: z.string(), name: z.string().min(1, '请输入名称'), phone: z.string() })

  it('reads the contract 2.3 texts that name the parameter', () => {
    expect(fieldOfMessage(schema, '缺少必要的请求参数: id')).toEqual({
      path: 'id',
      message: '缺少必要的请求参数: id',
    })
    expect(fieldOfMessage(schema, '请求参数格式错误: phone')?.path).toBe('phone')
    expect(fieldOfMessage(schema, 'phone:联系电话格式不正确')).toEqual({
      path: 'phone',
      message: '联系电话格式不正确',
    })
  })

  it('finds the field whose own rule says a spec message', () => {
    expect(fieldOfMessage(schema, '请输入名称')?.path).toBe('name')
    expect(fieldOfMessage(ZResultsVOFullSchema, ResultsMsg.NAME)?.path).toBe('name')
    expect(fieldOfMessage(ZResultsVOFullSchema, ResultsMsg.P_UNIT_NAME)?.path).toBe('principal.unitName')
    expect(fieldOfMessage(ZResultsVOFullSchema, ResultsMsg.UNITS)?.path).toBe('unitEntityList')
  })

  it('leaves a message about no field of the form to the toast', () => {
    expect(fieldOfMessage(schema, '缺少必要的请求参数: other')).toBeUndefined()
    expect(fieldOfMessage(schema, '请先删除子节点!')).toBeUndefined()
  })
})

describe('an edit form sends the optional fields it emptied', () => {
  it("sends '' for an emptied optional field (an update keeps what it does not carry), nothing else", () => {
    const names = ['paramName', 'paramKey', 'paramValue', 'remark']
    const edited = { id: '1', paramName: '名', paramKey: 'k', paramValue: 'v', remark: undefined }
    expect(withEmptiedFields(ZParamSubmitSchema, names, edited)).toEqual({ ...edited, remark: '' })
    expect(withEmptiedFields(ZParamSubmitSchema, names, { ...edited, remark: '备注' })).toEqual({
      ...edited,
      remark: '备注',
    })
    // A required field is never sent empty on its behalf (the form refuses it first).
    expect(withEmptiedFields(ZParamSubmitSchema, ['paramName'], { paramName: undefined })).toEqual({
      paramName: undefined,
    })
  })
})
