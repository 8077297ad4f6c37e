import {
  ExpressionError,
  evaluateExpression,
  expressionBody,
  parseExpression,
  type TExpression,
  truthy,
} from '@ysjs/shared'
import { expressionFailure } from './bpmn.ts'

/** The first cause a step failed for, in Chinese, naming the element (the engine's own error says less). */
export type TStepFailures = { first: string | null }

type TRegister = {
  id: string
  type: string
  behaviour: { conditionExpression?: { body?: string; language?: string } }
}
type TScript = { execute: (ctx: unknown, next: (err: Error | null, result?: unknown) => void) => void }

/**
 * Sequence-flow conditions for bpmn-engine: Flowable's `${expr}`, parsed and evaluated by the shared
 * expression reader over the process variables this run holds (the instance's variables are kept in
 * PostgreSQL by the worker, not in the engine's environment). Nothing a process carries is ever run
 * as code: a script condition (`language="javascript"`) is refused, and the deploy check refuses it
 * before it is stored.
 */
export class FlowConditions {
  private readonly scripts = new Map<string, TScript>()
  constructor(
    private readonly variables: () => Record<string, unknown>,
    private readonly failures: TStepFailures = { first: null },
  ) {}

  register({ id, type, behaviour }: TRegister): TScript | undefined {
    const expr = behaviour.conditionExpression
    if (type !== 'bpmn:SequenceFlow' || !expr?.body) {
      return undefined
    }
    const body = expressionBody(expr.body)
    let parsed: TExpression | ExpressionError
    if (body === null) {
      parsed = new ExpressionError(`condition of ${id} is not a \${…} expression`)
    } else {
      try {
        parsed = parseExpression(body)
      } catch (err) {
        parsed = err as ExpressionError
      }
    }
    const script: TScript = {
      execute: (_ctx, next) => {
        const where = `连线 ${id}`
        if (parsed instanceof ExpressionError) {
          this.failures.first ??= expressionFailure(parsed, expr.body ?? '', where).message
          next(parsed)
          return
        }
        // Strict: a condition reading a variable the instance lacks fails the step (as Flowable's
        // 'Unknown property used in expression'), never silently false (a default or every branch).
        let value: unknown
        try {
          value = evaluateExpression(parsed, this.variables(), { strict: true })
        } catch (err) {
          const failure = expressionFailure(err, expr.body ?? '', where)
          this.failures.first ??= failure.message
          next(failure)
          return
        }
        next(null, truthy(value))
      },
    }
    this.scripts.set(id, script)
    return script
  }

  getScript(_language: string, { id }: { id: string }): TScript | undefined {
    return this.scripts.get(id)
  }
}

const WHOLE = /^\$\{(.+?)\}$/s
const ANY = /\$\{(.+?)\}/gs

/**
 * The engine's own `${…}` resolution (timer durations, loop cardinalities, and any other attribute
 * bpmn-elements resolves), replaced by the same safe reader: bpmn-elements' default resolver can call
 * functions it finds on the engine's objects, which a deployed process must never reach. Strict as
 * the conditions are: a variable the instance lacks fails the step, naming it.
 */
export const flowExpressions = (
  variables: () => Record<string, unknown>,
  failures: TStepFailures = { first: null },
) => {
  const value = (body: string): unknown => {
    try {
      return evaluateExpression(parseExpression(body), variables(), { strict: true })
    } catch (err) {
      const failure = expressionFailure(err, `\${${body}}`, '表达式')
      failures.first ??= failure.message
      throw failure
    }
  }
  return {
    resolveExpression(template: unknown): unknown {
      if (typeof template !== 'string') {
        return template
      }
      const whole = WHOLE.exec(template)
      if (whole) {
        return value(whole[1]!)
      }
      return template.replace(ANY, (_m, body: string) => {
        const v = value(body)
        return v === undefined || v === null ? '' : String(v)
      })
    },
    isExpression: (text: unknown) => typeof text === 'string' && WHOLE.test(text),
    hasExpression: (text: unknown) => typeof text === 'string' && /\$\{(.+?)\}/s.test(text),
  }
}
