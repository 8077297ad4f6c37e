import { describe, expect, it } from 'vitest'
import {
  normalizeBpmnXml,
  parseResourceAssignment,
  resolveFlowGroup,
  resolveFlowUser,
  splitOutside,
  type TFlowDirectory,
} from '../src/flow/bpmn-compat.ts'
import {
  evaluateExpression,
  parseExpression,
  resolveValue,
  UnknownVariableError,
  variablesIn,
} from '../src/flow/expression.ts'
import { checkStartVariables, type TFlowFormField } from '../src/flow/flow-start.ts'

describe('normalising uploaded BPMN', () => {
  it('gives flow elements without an id one, and leaves every other byte alone', () => {
    const xml = `<bpmn:process id="p"><bpmn:sequenceFlow sourceRef="a" targetRef="b" name="x>y"/><bpmn:sequenceFlow id="f" sourceRef="b" targetRef="c"/><bpmn:userTask name="t"></bpmn:userTask><flowable:formProperty id="q"/><flowable:task/></bpmn:process>`
    const out = normalizeBpmnXml(xml)
    expect(out).toBe(
      `<bpmn:process id="p" isExecutable="true"><bpmn:sequenceFlow id="sequenceFlow_gen1" sourceRef="a" targetRef="b" name="x>y" /><bpmn:sequenceFlow id="f" sourceRef="b" targetRef="c"/><bpmn:userTask id="userTask_gen2" name="t"></bpmn:userTask><flowable:formProperty id="q"/><flowable:task/></bpmn:process>`,
    )
    expect(normalizeBpmnXml(out)).toBe(out)
  })

  it('keeps an explicit isExecutable, and never reuses an id the file has', () => {
    const xml = `<process id="p" isExecutable="false"><task id="task_gen1"/><task/></process>`
    expect(normalizeBpmnXml(xml)).toBe(
      `<process id="p" isExecutable="false"><task id="task_gen1"/><task id="task_gen2" /></process>`,
    )
  })
})

describe('resource assignments (BPMN 2.0 humanPerformer / potentialOwner, as Flowable reads them)', () => {
  it('reads user(), group() and plain items; plain is a user for a performer, a group for owners', () => {
    expect(parseResourceAssignment('user(kermit), group(management)', 'potentialOwner')).toEqual({
      users: ['kermit'],
      groups: ['management'],
    })
    expect(parseResourceAssignment('management, accountancy', 'potentialOwner')).toEqual({
      users: [],
      groups: ['management', 'accountancy'],
    })
    expect(parseResourceAssignment(`\${employeeName}`, 'humanPerformer')).toEqual({
      users: [`\${employeeName}`],
      groups: [],
    })
    expect(splitOutside(`a, \${x ? 'b,c' : 'd'}, user(e,f)`)).toEqual([
      'a',
      `\${x ? 'b,c' : 'd'}`,
      'user(e,f)',
    ])
  })

  it('resolves users by taskUser id, id or account, and groups by role alias or name', () => {
    const dir: TFlowDirectory = {
      users: [{ id: '11', account: 'kermit', roleIds: ['1'] }],
      roles: [{ id: '1', alias: 'mgmt', name: 'management' }],
    }
    expect(resolveFlowUser('taskUser_11', dir)).toBe('taskUser_11')
    expect(resolveFlowUser('11', dir)).toBe('taskUser_11')
    expect(resolveFlowUser('kermit', dir)).toBe('taskUser_11')
    expect(resolveFlowUser('fozzie', dir)).toBeNull()
    expect(resolveFlowUser('taskUser_12', dir)).toBeNull()
    expect(resolveFlowGroup('management', dir)).toEqual(['mgmt'])
    expect(resolveFlowGroup('mgmt', dir)).toEqual(['mgmt'])
    expect(resolveFlowGroup('sales', dir)).toEqual([])
  })
})

describe('strict expressions (a missing variable is an error naming it)', () => {
  const strict = (src: string, vars: Record<string, unknown>) =>
    evaluateExpression(parseExpression(src), vars, { strict: true })
  it('throws for a variable the instance lacks, not for one it has as null', () => {
    expect(() => strict('days > 3', {})).toThrow(UnknownVariableError)
    try {
      strict("approved == 'true'", {})
    } catch (err) {
      expect((err as UnknownVariableError).variable).toBe('approved')
    }
    expect(strict('x == null', { x: null })).toBe(true)
    expect(() => strict('constructor', {})).toThrow(UnknownVariableError)
    expect(() => resolveValue(`\${who}`, {}, { strict: true })).toThrow(UnknownVariableError)
  })
  it('reads only the side it needs, as JUEL does', () => {
    expect(strict('a && b', { a: false })).toBe(false)
    expect(strict('a || b', { a: true })).toBe(true)
    expect(strict('a ? b : c', { a: true, b: 1 })).toBe(1)
    expect(() => strict('a ? b : c', { a: false, b: 1 })).toThrow(UnknownVariableError)
  })
  it('lists the variables an expression reads', () => {
    expect(variablesIn(`\${days > 3 && user.name == boss}`).sort()).toEqual(['boss', 'days', 'user'])
    expect(variablesIn('plain')).toEqual([])
  })
})

describe('start form values', () => {
  const field = (f: Partial<TFlowFormField> & { variable: string }): TFlowFormField => ({
    name: null,
    type: 'string',
    required: false,
    defaultValue: null,
    values: [],
    ...f,
  })
  const form = [
    field({ variable: 'days', name: '天数', type: 'long', required: true }),
    field({ variable: 'urgent', name: '加急', type: 'boolean' }),
    field({ variable: 'kind', name: '类型', type: 'enum', values: [{ value: 'a', name: 'A' }] }),
    field({ variable: 'note', defaultValue: '无' }),
  ]
  it('types the values, fills defaults, passes other variables through', () => {
    expect(checkStartVariables(form, { days: '3', urgent: 'true', kind: 'a', extra: 1 })).toEqual({
      ok: true,
      variables: { days: 3, urgent: true, kind: 'a', note: '无', extra: 1 },
    })
  })
  it('names the first field in error', () => {
    expect(checkStartVariables(form, {})).toEqual({ ok: false, msg: '请填写天数' })
    expect(checkStartVariables(form, { days: '2.5' })).toEqual({ ok: false, msg: '天数格式不正确' })
    expect(checkStartVariables(form, { days: 1, urgent: 'yes' })).toEqual({
      ok: false,
      msg: '加急格式不正确',
    })
    expect(checkStartVariables(form, { days: 1, kind: 'b' })).toEqual({ ok: false, msg: '类型格式不正确' })
  })
})
