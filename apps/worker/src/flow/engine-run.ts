import { EventEmitter } from 'node:events'
import { Engine } from 'bpmn-engine'
import { EngineFailure } from './bpmn.ts'
import { FlowConditions, flowExpressions, type TStepFailures } from './conditions.ts'

/** One engine event the worker turns into history and task rows (in order). */
export type TFlowEvent =
  | { kind: 'start'; elementId: string; elementType: string; executionId: string; at: Date }
  | { kind: 'end'; elementId: string; elementType: string; executionId: string; at: Date; discarded: boolean }
  | { kind: 'flow'; elementId: string; at: Date }
  | { kind: 'wait'; elementId: string; elementType: string; executionId: string; at: Date }

export type TStepResult = {
  state: unknown
  finished: boolean
  events: TFlowEvent[]
  /** Earliest pending timer, null when none. */
  timerDue: Date | null
}

export { EngineFailure }

type TApi = {
  id: string
  type: string
  executionId: string
  content: { expireAt?: string | Date; executionId?: string }
}

const short = (type: string) => {
  const t = type.replace(/^bpmn:/, '')
  return t.charAt(0).toLowerCase() + t.slice(1)
}
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs one step of an instance: a fresh engine (new instance) or one recovered from the saved state,
 * the action (a signal), then collects what happened until the engine waits again, and the state to
 * save. The engine is stopped before returning: between commands nothing of an instance lives in
 * memory, PostgreSQL holds it all, so any worker process can take the next command.
 */
export const runStep = async (opts: {
  name: string
  xml: string
  state: unknown | null
  variables: () => Record<string, unknown>
  action?: (execution: { signal: (m: object) => void }) => void
  /** Runs a service task's side effect; its answer is the task's output. */
  service?: (activityId: string) => Promise<Record<string, unknown>>
}): Promise<TStepResult> => {
  const events: TFlowEvent[] = []
  const timers = new Map<string, number>()
  let finished = false
  let failure: Error | null = null
  const listener = new EventEmitter()
  const at = () => new Date()
  listener.on('activity.start', (api: TApi) => {
    events.push({
      kind: 'start',
      elementId: api.id,
      elementType: short(api.type),
      executionId: api.executionId,
      at: at(),
    })
  })
  const ended = (discarded: boolean) => (api: TApi) => {
    timers.delete(api.executionId)
    events.push({
      kind: 'end',
      elementId: api.id,
      elementType: short(api.type),
      executionId: api.executionId,
      at: at(),
      discarded,
    })
  }
  const endedIds = new Set<string>()
  listener.on('activity.end', (api: TApi) => {
    endedIds.add(api.executionId)
    ended(false)(api)
  })
  // Left without ending: interrupted (a boundary event fired) or discarded.
  listener.on('activity.leave', (api: TApi) => {
    timers.delete(api.executionId)
    if (!endedIds.has(api.executionId)) {
      ended(true)(api)
    }
  })
  listener.on('flow.take', (api: TApi) => {
    events.push({ kind: 'flow', elementId: api.id, at: at() })
  })
  listener.on('wait', (api: TApi) => {
    events.push({
      kind: 'wait',
      elementId: api.id,
      elementType: short(api.type),
      executionId: api.executionId,
      at: at(),
    })
  })
  listener.on('activity.timer', (api: TApi) => {
    const due = api.content.expireAt ? new Date(api.content.expireAt).getTime() : Number.NaN
    if (!Number.isNaN(due)) {
      timers.set(api.executionId, due)
    }
  })
  listener.on('activity.timeout', (api: TApi) => {
    timers.delete(api.executionId)
  })

  // bpmn-elements' IScripts types getScript as always answering; ours answers undefined for no condition, as its own does.
  const failures: TStepFailures = { first: null }
  const scripts = new FlowConditions(opts.variables, failures) as unknown as ConstructorParameters<
    typeof Engine
  >[0] extends infer O
    ? O extends { scripts?: infer S }
      ? S
      : never
    : never
  const expressions = flowExpressions(opts.variables, failures)
  // Service tasks answer asynchronously (they write to the database): the step waits for them.
  const pending = new Set<Promise<unknown>>()
  /** A service that failed for a reason outside the process (the database): the step is retried. */
  let serviceError: Error | null = null
  const extensions = {
    flowServices(element: unknown) {
      const activity = element as { id: string; type: string; behaviour: { Service?: unknown } }
      const none = { activate() {}, deactivate() {} }
      if (activity.type !== 'bpmn:ServiceTask') {
        return none
      }
      activity.behaviour.Service = function Service() {
        return {
          execute(_message: unknown, callback: (err: Error | null, output?: unknown) => void) {
            const run = opts.service
              ? opts.service(activity.id)
              : Promise.reject(new Error(`service task ${activity.id}: no service runner`))
            const settled = run.then(
              (output) => callback(null, output),
              (err: Error) => {
                if (err instanceof EngineFailure) {
                  failures.first ??= err.message
                } else {
                  serviceError ??= err
                }
                callback(err)
              },
            )
            pending.add(settled)
            void settled.finally(() => pending.delete(settled))
          },
        }
      }
      return none
    },
  }
  const idle = async () => {
    await tick()
    while (pending.size) {
      await Promise.allSettled([...pending])
      await tick()
    }
  }
  const engine =
    opts.state === null
      ? new Engine({ name: opts.name, source: opts.xml, scripts, expressions, extensions })
      : new Engine({ name: opts.name, scripts, expressions, extensions }).recover(opts.state)
  engine.once('end', () => {
    finished = true
  })
  engine.once('error', (err: Error) => {
    failure = err
  })
  try {
    let execution: Awaited<ReturnType<typeof engine.execute>>
    try {
      execution = opts.state === null ? await engine.execute({ listener }) : await engine.resume({ listener })
    } catch (err) {
      // The engine refused the process itself (its structure): the same on every retry.
      throw new EngineFailure(failures.first ?? `流程无法运行 (${(err as Error).message})`)
    }
    // Timers already due fire on the next turns of the event loop.
    await idle()
    if ([...timers.values()].some((due) => due <= Date.now() + 5)) {
      await tick(20)
      await idle()
    }
    if (opts.action && !finished) {
      opts.action(execution)
      await idle()
    }
    if (serviceError) {
      throw serviceError
    }
    if (failure || failures.first) {
      throw new EngineFailure(failures.first ?? (failure as unknown as Error).message)
    }
    const state = finished ? null : JSON.parse(JSON.stringify(await engine.getState()))
    const pending = [...timers.values()]
    return {
      state,
      finished,
      events,
      timerDue: pending.length && !finished ? new Date(Math.min(...pending)) : null,
    }
  } finally {
    engine.stop()
  }
}
