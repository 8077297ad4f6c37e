import { createContext, Script } from 'node:vm'

type TRegister = {
  id: string
  type: string
  behaviour: { conditionExpression?: { body?: string; language?: string } }
}
/** One context for every condition: creating a V8 context per evaluation costs milliseconds. Runs are synchronous. */
const shared = createContext({ variables: {}, environment: { variables: {} }, next: () => {} })
/** Generous: a cold process on busy cores compiles slowly; a condition is one expression. */
const CONDITION_TIMEOUT_MS = 1000

type TScript = { execute: (ctx: unknown, next: (err: Error | null, result?: unknown) => void) => void }

/**
 * Sequence-flow conditions for bpmn-engine. Flowable's `${expr}` (no language) and `javascript`
 * scripts (`next(null, …)`) are both taken; either reads the process variables this run holds (the
 * instance's variables are kept in PostgreSQL by the worker, not in the engine's environment).
 * The XML comes from the super administrator (deploy is theirs alone); node:vm is not a sandbox.
 */
export class FlowConditions {
  private readonly scripts = new Map<string, TScript>()
  constructor(private readonly variables: () => Record<string, unknown>) {}

  register({ id, type, behaviour }: TRegister): TScript | undefined {
    const expr = behaviour.conditionExpression
    if (type !== 'bpmn:SequenceFlow' || !expr?.body) {
      return undefined
    }
    const body = expr.body.trim()
    const juel = /^\$\{([\s\S]*)\}$/.exec(body)
    if (!juel && !/^(javascript|js)$/i.test(expr.language ?? '')) {
      return undefined
    }
    const code = juel ? `next(null, !!(function () { with (variables) { return (${juel[1]}) } })())` : body
    const compiled = new Script(code, { filename: `condition/${id}` })
    const script: TScript = {
      execute: (_ctx, next) => {
        const variables = { ...this.variables() }
        try {
          shared.variables = variables
          shared.environment = { variables }
          shared.next = next
          compiled.runInContext(shared, { timeout: CONDITION_TIMEOUT_MS })
        } catch (err) {
          next(err as Error)
        }
      },
    }
    this.scripts.set(id, script)
    return script
  }

  getScript(_language: string, { id }: { id: string }): TScript | undefined {
    return this.scripts.get(id)
  }
}
