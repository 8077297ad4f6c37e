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

/**
 * A definition's compiled form (bpmn-engine's serialized moddle context), made once per deployed
 * definition and worker and shared by every step of its instances (issue 27, decision 031). Each step
 * used to parse the XML again (bpmn-moddle) on start, and on every later step to read back and
 * deserialize the copy of that context the engine writes into each saved state (most of the state's
 * size). A deployed definition never changes (a new deployment is a new id), so the id is the key.
 */
type TSourceContext = { id?: string }
const contexts = new Map<string, Promise<TSourceContext>>()
const CONTEXTS_MAX = 1000
export const sourceContextOf = (key: string, xml: string): Promise<TSourceContext> => {
  let p = contexts.get(key)
  if (!p) {
    p = (async () => {
      const [definition] = await new Engine({ name: key, source: xml }).getDefinitions()
      const source = (definition as unknown as { environment: { options: { source?: TSourceContext } } })
        .environment.options.source
      if (!source) {
        throw new Error('no definition in the process file')
      }
      return source
    })()
    if (contexts.size >= CONTEXTS_MAX) {
      contexts.delete(contexts.keys().next().value as string)
    }
    contexts.set(key, p)
    p.catch(() => contexts.delete(key))
  }
  return p
}

type TSavedState = { definitions?: ({ id?: string; source?: unknown } & Record<string, unknown>)[] }
/**
 * The state to save: the engine's, without the definition's source (the compiled definition comes
 * from the cache on recovery). A state saved before this (with its source) still recovers from it.
 */
const withoutSource = (state: TSavedState) => ({
  ...state,
  definitions: state.definitions?.map(({ source: _source, ...d }) => d),
})

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
  /** The deployed definition's id: the key its compiled form is cached under. */
  definitionKey: string
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
  // Set by the engine's error event (a callback: TypeScript would read a plain `let` as still null).
  const failed: { error: Error | null } = { error: null }
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
  let sourceContext: TSourceContext
  try {
    sourceContext = await sourceContextOf(opts.definitionKey, opts.xml)
  } catch (err) {
    // The engine refused the process itself (its structure): the same on every retry.
    throw new EngineFailure(`流程无法运行 (${(err as Error).message})`)
  }
  // The engine finds a saved definition's source by the definition's id, which it names 'Def' when
  // the file's <definitions> has none: the shared context is given the saved id (its own is unchanged).
  const savedId = (opts.state as TSavedState | null)?.definitions?.[0]?.id
  if (savedId !== undefined && savedId !== sourceContext.id) {
    sourceContext = Object.create(sourceContext, { id: { value: savedId } }) as TSourceContext
  }
  const engine = new Engine({ name: opts.name, sourceContext, scripts, expressions, extensions } as never)
  if (opts.state !== null) {
    engine.recover(opts.state as never)
  }
  engine.once('end', () => {
    finished = true
  })
  engine.once('error', (err: Error) => {
    failed.error = err
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
    if (failed.error || failures.first) {
      throw new EngineFailure(failures.first ?? failed.error?.message)
    }
    const state = finished ? null : JSON.parse(JSON.stringify(withoutSource(await engine.getState())))
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
