import {
  ExpressionError,
  evaluateExpression,
  expressionBody,
  parseExpression,
  type TExpression,
  truthy,
} from '@ysjs/shared'

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
  constructor(private readonly variables: () => Record<string, unknown>) {}

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
        if (parsed instanceof ExpressionError) {
          next(parsed)
          return
        }
        next(null, truthy(evaluateExpression(parsed, this.variables())))
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
 * The engine's own `${…}` resolution (timer durations, message names, and any other attribute
 * bpmn-elements resolves), replaced by the same safe reader: bpmn-elements' default resolver can call
 * functions it finds on the engine's objects, which a deployed process must never reach. A broken
 * expression resolves to undefined (inert).
 */
export const flowExpressions = (variables: () => Record<string, unknown>) => {
  const value = (body: string): unknown => {
    try {
      return evaluateExpression(parseExpression(body), variables())
    } catch {
      return undefined
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
