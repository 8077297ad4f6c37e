/**
 * What Flowable, Activiti and Camunda files carry that our engine reads differently (issue 26):
 * XML normalised at deploy (ids, `isExecutable`), the standard's resource assignments
 * (`humanPerformer`, `potentialOwner`), and a user or group named in a file resolved against the
 * tenant's users and roles. Pure functions: the API's deploy check and the worker share them.
 */

/** BPMN flow elements (local names): bpmn-engine keys its queues by id, so each must have one. */
const FLOW_ELEMENTS = [
  'sequenceFlow',
  'startEvent',
  'endEvent',
  'boundaryEvent',
  'intermediateCatchEvent',
  'intermediateThrowEvent',
  'task',
  'userTask',
  'serviceTask',
  'manualTask',
  'scriptTask',
  'sendTask',
  'receiveTask',
  'businessRuleTask',
  'callActivity',
  'subProcess',
  'adHocSubProcess',
  'transaction',
  'exclusiveGateway',
  'inclusiveGateway',
  'parallelGateway',
  'eventBasedGateway',
  'complexGateway',
]
/** Extension namespaces whose elements never are BPMN's own, whatever their local name. */
const EXTENSION_PREFIXES = new Set(['flowable', 'activiti', 'camunda', 'bpmndi', 'dc', 'di', 'xsi'])

/** A start tag with its attributes (quoted values may hold `>`). */
const TAG =
  /<(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g
const HAS_ID = /(^|\s)id\s*=/
const HAS_EXECUTABLE = /(^|\s)isExecutable\s*=/

/**
 * The XML as the engine needs it, changed only where it must be: every flow element without an
 * `id` gets a generated one (`sequenceFlow_gen1`; a flow without one made bpmn-engine fail with
 * 'Consumer tag must be unique'), and a process without `isExecutable` is marked executable, as
 * Flowable reads it. A file that needs neither comes back unchanged, character for character.
 */
export const normalizeBpmnXml = (xml: string): string => {
  const taken = new Set([...xml.matchAll(/\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => m[1] ?? m[2]))
  let n = 0
  const fresh = (local: string) => {
    let id: string
    do {
      n++
      id = `${local}_gen${n}`
    } while (taken.has(id))
    taken.add(id)
    return id
  }
  return xml.replace(
    TAG,
    (whole, prefix: string | undefined, local: string, attrs: string, close: string) => {
      if (prefix && EXTENSION_PREFIXES.has(prefix)) {
        return whole
      }
      const name = prefix ? `${prefix}:${local}` : local
      if (local === 'process' && !HAS_EXECUTABLE.test(attrs)) {
        return `<${name}${attrs} isExecutable="true"${close ? ' ' : ''}${close}>`
      }
      if (FLOW_ELEMENTS.includes(local) && !HAS_ID.test(attrs)) {
        return `<${name} id="${fresh(local)}"${attrs}${close ? ' ' : ''}${close}>`
      }
      return whole
    },
  )
}

/** Splits on commas outside `${…}`, quotes and parentheses (`user(a), ${x ? 'b,c' : 'd'}`). */
export const splitOutside = (text: string): string[] => {
  const out: string[] = []
  let depth = 0
  let quote: string | null = null
  let cur = ''
  for (const c of text) {
    if (quote) {
      quote = c === quote ? null : quote
    } else if (c === "'" || c === '"') {
      quote = c
    } else if (c === '{' || c === '(') {
      depth++
    } else if (c === '}' || c === ')') {
      depth--
    } else if (c === ',' && depth <= 0) {
      out.push(cur)
      cur = ''
      continue
    }
    cur += c
  }
  out.push(cur)
  return out.map((s) => s.trim()).filter(Boolean)
}

export type TPeople = { users: string[]; groups: string[] }

/**
 * A resource assignment's formal expression (BPMN 2.0 §10.3.2, as Flowable reads it): items
 * `user(x)`, `group(y)`, or plain, which is a user for a `humanPerformer` and a group for a
 * `potentialOwner`; each may be a `${…}`.
 */
export const parseResourceAssignment = (body: string, kind: 'humanPerformer' | 'potentialOwner'): TPeople => {
  const people: TPeople = { users: [], groups: [] }
  for (const item of splitOutside(body)) {
    const m = /^(user|group)\s*\(\s*([\s\S]*?)\s*\)$/.exec(item)
    if (m) {
      ;(m[1] === 'user' ? people.users : people.groups).push(m[2]!)
    } else {
      ;(kind === 'humanPerformer' ? people.users : people.groups).push(item)
    }
  }
  return people
}

/** The tenant's people as the engine sees them: users (with their role ids) and roles. */
export type TFlowDirectory = {
  users: { id: string; account: string; roleIds: string[] }[]
  roles: { id: string; alias: string; name: string }[]
}

const TASK_USER = /^taskUser_(\d{1,19})$/

/** A user named in a file or a variable (`taskUser_<id>`, an id, an account) → `taskUser_<id>`, or null. */
export const resolveFlowUser = (value: string, dir: TFlowDirectory): string | null => {
  const v = value.trim()
  const id = TASK_USER.exec(v)?.[1] ?? (/^\d{1,19}$/.test(v) ? v : null)
  const user = dir.users.find((u) => (id !== null && u.id === id) || u.account === v)
  return user ? `taskUser_${user.id}` : null
}

/** A group named in a file → the aliases of the tenant's roles whose alias or name it is (none: empty). */
export const resolveFlowGroup = (value: string, dir: TFlowDirectory): string[] => {
  const v = value.trim()
  return [...new Set(dir.roles.filter((r) => r.alias === v || r.name === v).map((r) => r.alias))]
}
