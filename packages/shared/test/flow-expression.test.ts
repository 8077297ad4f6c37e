import { describe, expect, it } from 'vitest'
import { evaluateExpression, parseExpression, resolveValue } from '../src/flow/expression.ts'

const run = (src: string, vars: Record<string, unknown> = {}) =>
  evaluateExpression(parseExpression(src), vars)

describe('flow expressions', () => {
  it('evaluates the forms the processes use', () => {
    expect(run('pass', { pass: true })).toBe(true)
    expect(run('!pass', { pass: true })).toBe(false)
    expect(run('days > 3', { days: 5 })).toBe(true)
    expect(run('days <= 3', { days: 5 })).toBe(false)
    expect(run('days gt 3 and pass', { days: 5, pass: true })).toBe(true)
    expect(run("user.role == 'boss' || amount >= 1e3", { user: { role: 'hr' }, amount: 1000 })).toBe(true)
    expect(run('user[\'role\'] eq "hr"', { user: { role: 'hr' } })).toBe(true)
    expect(run('not (a && b)', { a: true, b: false })).toBe(true)
    expect(run('days * 2 + 1', { days: 3 })).toBe(7)
    expect(run("days > 3 ? 'boss' : 'manager'", { days: 1 })).toBe('manager')
    expect(run('empty list', { list: [] })).toBe(true)
    expect(run('missing == null')).toBe(true)
    expect(run('-n < 0', { n: 2 })).toBe(true)
    expect(resolveValue(`\${taskUser}`, { taskUser: 'taskUser_1' })).toBe('taskUser_1')
    expect(resolveValue('boss', {})).toBe('boss')
  })

  it('refuses calls: nothing a process writes can run code', () => {
    for (const src of [
      "next.constructor('return process')()",
      "constructor.constructor('return process')().exit(1)",
      'process.exit(1)',
      "a['constructor']('x')",
      'require("fs")',
      '(function(){})',
      'x = 1',
      'a; b',
    ]) {
      expect(() => parseExpression(src), src).toThrow()
    }
  })

  it('reads only own data: prototypes and functions are inert', () => {
    const vars = { pass: true, obj: { a: 1 }, fn: () => 1, list: [1, 2] }
    expect(run('pass.constructor', vars)).toBeNull()
    expect(run('obj.__proto__', vars)).toBeNull()
    expect(run("obj['constructor']['constructor']", vars)).toBeNull()
    expect(run('obj.toString', vars)).toBeNull()
    expect(run('list.length', vars)).toBe(2)
    expect(run('fn', vars)).toBeNull()
    expect(run('constructor')).toBeNull()
    expect(run('hasOwnProperty', vars)).toBeNull()
    expect(run('list[1]', vars)).toBe(2)
  })

  it('bounds the work an expression can ask for', () => {
    expect(() => parseExpression(`${'('.repeat(200)}1${')'.repeat(200)}`)).toThrow()
    expect(() => parseExpression(`${'a || '.repeat(500)}a`)).toThrow()
  })
})

describe('templates', () => {
  it('puts each value in place', () => {
    expect(resolveValue(`请假 \${days} 天, \${user.name}`, { days: 3, user: { name: '张三' } })).toBe(
      '请假 3 天, 张三',
    )
    expect(() => resolveValue(`x \${a()} y`, {})).toThrow()
  })
})
