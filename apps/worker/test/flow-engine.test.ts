import { Engine } from 'bpmn-engine'
import { describe, expect, it } from 'vitest'
import { readBpmn } from '../../../packages/server-core/src/index.ts'
import { LEAVE_PROCESS_XML } from '../../../prisma/seed/data/leave-process.ts'
import { EngineFailure, runStep, sourceContextOf } from '../src/flow/engine-run.ts'

/**
 * Issue 27, decision 031: a deployed definition is compiled once per worker (keyed by its id) and the
 * saved state no longer carries the compiled definition; a state saved before (with it) still runs.
 */
const vars = { taskUser: 'taskUser_1', applyUser: 'taskUser_2', days: 2 }
const waitsOf = (events: { kind: string; elementId: string }[]) =>
  events.filter((e) => e.kind === 'wait').map((e) => e.elementId)

describe('the flow engine step', () => {
  it('compiles a definition once and saves the state without it', async () => {
    const { xml } = await readBpmn(LEAVE_PROCESS_XML)
    const key = `Leave:1:${Math.random()}`
    expect(sourceContextOf(key, xml)).toBe(sourceContextOf(key, xml))
    const started = await runStep({ name: 'a', definitionKey: key, xml, state: null, variables: () => vars })
    expect(waitsOf(started.events)).toEqual(['hrTask'])
    const saved = JSON.parse(JSON.stringify(started.state)) as { definitions: Record<string, unknown>[] }
    expect(saved.definitions).toHaveLength(1)
    expect(saved.definitions[0]).not.toHaveProperty('source')
    expect(JSON.stringify(saved).length).toBeLessThan(10_000)
    const wait = started.events.find((e) => e.kind === 'wait')!
    const next = await runStep({
      name: 'a',
      definitionKey: key,
      xml,
      state: saved,
      variables: () => ({ ...vars, pass: true }),
      action: (execution) =>
        execution.signal({ id: 'hrTask', executionId: (wait as { executionId: string }).executionId }),
    })
    expect(waitsOf(next.events)).toContain('managerTak')
  })

  it('runs on from a state saved with its definition inside (saved before)', async () => {
    const { xml } = await readBpmn(LEAVE_PROCESS_XML)
    const old = new Engine({ name: 'b', source: xml, variables: vars } as never)
    const listener = new (await import('node:events')).EventEmitter()
    let executionId = ''
    listener.on('wait', (api: { id: string; executionId: string }) => {
      executionId = api.executionId
    })
    const execution = await old.execute({ listener, variables: vars } as never)
    const state = JSON.parse(JSON.stringify(await execution.getState()))
    old.stop()
    expect(state.definitions[0].source).toBeTypeOf('string')
    const next = await runStep({
      name: 'b',
      definitionKey: `Leave:1:${Math.random()}`,
      xml,
      state,
      variables: () => ({ ...vars, pass: false }),
      action: (ex) => ex.signal({ id: 'hrTask', executionId }),
    })
    expect(waitsOf(next.events)).toContain('userTask')
  })

  it('a file the engine cannot read fails the step as the process’s fault', async () => {
    await expect(
      runStep({
        name: 'c',
        definitionKey: `broken:${Math.random()}`,
        xml: '<definitions><process id="x"',
        state: null,
        variables: () => ({}),
      }),
    ).rejects.toBeInstanceOf(EngineFailure)
  })
})
