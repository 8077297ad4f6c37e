/**
 * The `${…}` expressions of deployed processes (sequence-flow conditions, assignees, due dates),
 * read by a small parser and evaluated over the process variables. It is the JUEL subset Flowable
 * processes use: variables, member access (`a.b`, `a['b']`), literals, comparisons, `&&`/`||`/`!`
 * (and their word forms), arithmetic and `?:`. Nothing is ever called, and member access reads only a
 * value's own data properties, so a deployed process cannot reach code (`constructor`, `__proto__`)
 * whatever it writes: a process definition is data, not a program.
 */

export class ExpressionError extends Error {}
/**
 * A strict evaluation read a variable the instance does not have (Flowable: 'Unknown property used
 * in expression'): the step fails naming it, rather than reading null and taking a default branch.
 */
export class UnknownVariableError extends ExpressionError {
  constructor(readonly variable: string) {
    super(`unknown variable ${variable}`)
  }
}
/** `strict`: a variable the instance does not have throws UnknownVariableError instead of reading null. */
export type TEvaluateOptions = { strict?: boolean }

type TNode =
  | { t: 'lit'; v: unknown }
  | { t: 'var'; name: string }
  | { t: 'member'; obj: TNode; key: TNode }
  | { t: 'unary'; op: '!' | '-' | 'empty'; arg: TNode }
  | { t: 'binary'; op: string; left: TNode; right: TNode }
  | { t: 'cond'; test: TNode; yes: TNode; no: TNode }

export type TExpression = TNode

const MAX_LENGTH = 2000
const MAX_DEPTH = 64
const WORD_OPS: Record<string, string> = {
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  lt: '<',
  gt: '>',
  le: '<=',
  ge: '>=',
  div: '/',
  mod: '%',
}
const PUNCT = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '!',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  '.',
  '[',
  ']',
  '?',
  ':',
]
/** Names no lookup ever answers, whatever object they are asked of. */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor'])

type TToken =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'id'; v: string }
  | { k: 'op'; v: string }

const tokenize = (src: string): TToken[] => {
  const out: TToken[] = []
  let i = 0
  while (i < src.length) {
    const c = src[i]!
    if (/\s/.test(c)) {
      i++
      continue
    }
    if (/[0-9]/.test(c)) {
      const m = /^\d+(\.\d+)?([eE][+-]?\d+)?/.exec(src.slice(i))!
      out.push({ k: 'num', v: Number(m[0]) })
      i += m[0].length
      continue
    }
    if (c === "'" || c === '"') {
      let s = ''
      let j = i + 1
      for (; j < src.length && src[j] !== c; j++) {
        if (src[j] === '\\' && j + 1 < src.length) {
          j++
        }
        s += src[j]
      }
      if (j >= src.length) {
        throw new ExpressionError('unterminated string')
      }
      out.push({ k: 'str', v: s })
      i = j + 1
      continue
    }
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][\w$]*/.exec(src.slice(i))!
      const word = m[0]
      out.push(Object.hasOwn(WORD_OPS, word) ? { k: 'op', v: WORD_OPS[word]! } : { k: 'id', v: word })
      i += word.length
      continue
    }
    const op = PUNCT.find((p) => src.startsWith(p, i))
    if (!op) {
      throw new ExpressionError(`unexpected character ${c}`)
    }
    out.push({ k: 'op', v: op })
    i += op.length
  }
  return out
}

const BINARY: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 4,
  '>': 4,
  '<=': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
}

/** Parses an expression body (what is inside `${…}`); throws ExpressionError on anything else. */
export const parseExpression = (src: string): TExpression => {
  if (src.length > MAX_LENGTH) {
    throw new ExpressionError('expression too long')
  }
  const tokens = tokenize(src)
  let pos = 0
  const peek = () => tokens[pos]
  const isOp = (v: string) => peek()?.k === 'op' && peek()!.v === v
  const expect = (v: string) => {
    if (!isOp(v)) {
      throw new ExpressionError(`expected ${v}`)
    }
    pos++
  }
  const guard = (depth: number) => {
    if (depth > MAX_DEPTH) {
      throw new ExpressionError('expression too deep')
    }
  }
  const primary = (depth: number): TNode => {
    guard(depth)
    const tok = tokens[pos++]
    if (!tok) {
      throw new ExpressionError('unexpected end')
    }
    let node: TNode
    if (tok.k === 'num' || tok.k === 'str') {
      node = { t: 'lit', v: tok.v }
    } else if (tok.k === 'id') {
      node =
        tok.v === 'true'
          ? { t: 'lit', v: true }
          : tok.v === 'false'
            ? { t: 'lit', v: false }
            : tok.v === 'null'
              ? { t: 'lit', v: null }
              : { t: 'var', name: tok.v }
    } else if (tok.v === '(') {
      node = conditional(depth + 1)
      expect(')')
    } else {
      throw new ExpressionError(`unexpected ${tok.v}`)
    }
    for (;;) {
      if (isOp('.')) {
        pos++
        const name = tokens[pos++]
        if (name?.k !== 'id') {
          throw new ExpressionError('expected a property name')
        }
        node = { t: 'member', obj: node, key: { t: 'lit', v: name.v } }
      } else if (isOp('[')) {
        pos++
        const key = conditional(depth + 1)
        expect(']')
        node = { t: 'member', obj: node, key }
      } else if (isOp('(')) {
        throw new ExpressionError('calls are not allowed')
      } else {
        return node
      }
    }
  }
  const unary = (depth: number): TNode => {
    guard(depth)
    if (isOp('!') || isOp('-')) {
      const op = tokens[pos++]!.v as '!' | '-'
      return { t: 'unary', op, arg: unary(depth + 1) }
    }
    if (peek()?.k === 'id' && peek()!.v === 'empty') {
      pos++
      return { t: 'unary', op: 'empty', arg: unary(depth + 1) }
    }
    return primary(depth)
  }
  const binary = (minPrec: number, depth: number): TNode => {
    guard(depth)
    let left = unary(depth + 1)
    for (;;) {
      const tok = peek()
      const prec = tok?.k === 'op' && Object.hasOwn(BINARY, tok.v) ? BINARY[tok.v] : undefined
      if (prec === undefined || prec < minPrec) {
        return left
      }
      pos++
      const right = binary(prec + 1, depth + 1)
      left = { t: 'binary', op: String(tok!.v), left, right }
    }
  }
  const conditional = (depth: number): TNode => {
    guard(depth)
    const test = binary(1, depth + 1)
    if (!isOp('?')) {
      return test
    }
    pos++
    const yes = conditional(depth + 1)
    expect(':')
    return { t: 'cond', test, yes, no: conditional(depth + 1) }
  }
  const root = conditional(0)
  if (pos !== tokens.length) {
    throw new ExpressionError(`unexpected ${String(tokens[pos]!.v)}`)
  }
  return root
}

/** JUEL's coercion to boolean: `"true"` is true, null and other strings are false. */
export const truthy = (v: unknown): boolean =>
  typeof v === 'boolean'
    ? v
    : typeof v === 'string'
      ? v.toLowerCase() === 'true'
      : typeof v === 'number'
        ? v !== 0
        : false

const num = (v: unknown): number | null => {
  if (typeof v === 'number') {
    return v
  }
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) {
    return Number(v)
  }
  if (v === null || v === undefined) {
    return 0
  }
  return null
}

/** An own data property of a plain object or array; anything else (functions, prototypes) is null. */
const read = (obj: unknown, key: unknown): unknown => {
  if (obj === null || typeof obj !== 'object') {
    return null
  }
  const k = String(key)
  if (FORBIDDEN.has(k) || !Object.hasOwn(obj, k)) {
    return null
  }
  const d = Object.getOwnPropertyDescriptor(obj, k)
  const v = d && 'value' in d ? d.value : null
  return typeof v === 'function' ? null : v
}

const equal = (a: unknown, b: unknown): boolean => {
  if (a === b) {
    return true
  }
  if (a === null || a === undefined || b === null || b === undefined) {
    return (a ?? null) === (b ?? null)
  }
  if (typeof a === 'number' || typeof b === 'number') {
    return num(a) !== null && num(a) === num(b)
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    return truthy(a) === truthy(b)
  }
  return false
}

const compare = (op: string, a: unknown, b: unknown): boolean => {
  let x: number | string | null
  let y: number | string | null
  if (typeof a === 'string' && typeof b === 'string') {
    x = a
    y = b
  } else {
    x = num(a)
    y = num(b)
    if (x === null || y === null) {
      return false
    }
  }
  return op === '<' ? x < y : op === '>' ? x > y : op === '<=' ? x <= y : x >= y
}

/**
 * Evaluates a parsed expression over the variables (a missing variable is null, or, strict, an
 * UnknownVariableError). `&&`, `||` and `?:` evaluate only the side they need, as JUEL does.
 */
export const evaluateExpression = (
  node: TExpression,
  vars: Record<string, unknown>,
  opts: TEvaluateOptions = {},
): unknown => {
  const ev = (n: TExpression) => evaluateExpression(n, vars, opts)
  switch (node.t) {
    case 'lit':
      return node.v
    case 'var':
      if (opts.strict && (FORBIDDEN.has(node.name) || !Object.hasOwn(vars, node.name))) {
        throw new UnknownVariableError(node.name)
      }
      return read(vars, node.name)
    case 'member':
      return read(ev(node.obj), ev(node.key))
    case 'unary': {
      const v = ev(node.arg)
      if (node.op === '!') {
        return !truthy(v)
      }
      if (node.op === 'empty') {
        return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)
      }
      const n = num(v)
      return n === null ? null : -n
    }
    case 'cond':
      return truthy(ev(node.test)) ? ev(node.yes) : ev(node.no)
    case 'binary': {
      if (node.op === '&&') {
        return truthy(ev(node.left)) && truthy(ev(node.right))
      }
      if (node.op === '||') {
        return truthy(ev(node.left)) || truthy(ev(node.right))
      }
      const a = ev(node.left)
      const b = ev(node.right)
      switch (node.op) {
        case '==':
          return equal(a, b)
        case '!=':
          return !equal(a, b)
        case '<':
        case '>':
        case '<=':
        case '>=':
          return compare(node.op, a, b)
        case '+':
          if (typeof a === 'string' || typeof b === 'string') {
            return `${a ?? ''}${b ?? ''}`
          }
          return (num(a) ?? Number.NaN) + (num(b) ?? Number.NaN)
        case '-':
          return (num(a) ?? Number.NaN) - (num(b) ?? Number.NaN)
        case '*':
          return (num(a) ?? Number.NaN) * (num(b) ?? Number.NaN)
        case '/':
          return (num(a) ?? Number.NaN) / (num(b) ?? Number.NaN)
        default:
          return (num(a) ?? Number.NaN) % (num(b) ?? Number.NaN)
      }
    }
  }
}

/** The body of a whole-value `${…}`, or null when the text is not one. */
export const expressionBody = (text: string): string | null => {
  const m = /^\s*\$\{([\s\S]*)\}\s*$/.exec(text)
  return m ? m[1]! : null
}

/** The bodies of every `${…}` in a text (a template like `请假 ${days} 天` has one). */
export const expressionsIn = (text: string): string[] =>
  [...text.matchAll(/\$\{([\s\S]+?)\}/g)].map((m) => m[1]!)

/**
 * `${…}` → its value over the variables; a template with `${…}` inside text → the text with each
 * value in place; any other text is taken literally. Throws on a bad expression.
 */
export const resolveValue = (
  text: string,
  vars: Record<string, unknown>,
  opts: TEvaluateOptions = {},
): unknown => {
  const body = expressionBody(text)
  if (body !== null) {
    return evaluateExpression(parseExpression(body), vars, opts)
  }
  return text.replace(/\$\{([\s\S]+?)\}/g, (_m, inner: string) => {
    const v = evaluateExpression(parseExpression(inner), vars, opts)
    return v === null || v === undefined ? '' : String(v)
  })
}

/** The variables an expression reads (top-level names), e.g. `days` and `pass` of `days > 3 && pass`. */
export const variablesOf = (node: TExpression, out = new Set<string>()): Set<string> => {
  switch (node.t) {
    case 'var':
      out.add(node.name)
      break
    case 'member':
      variablesOf(node.obj, out)
      variablesOf(node.key, out)
      break
    case 'unary':
      variablesOf(node.arg, out)
      break
    case 'binary':
      variablesOf(node.left, out)
      variablesOf(node.right, out)
      break
    case 'cond':
      variablesOf(node.test, out)
      variablesOf(node.yes, out)
      variablesOf(node.no, out)
      break
    case 'lit':
      break
  }
  return out
}

/** The variables every `${…}` of a text reads; a malformed one reads none (the deploy check refuses it). */
export const variablesIn = (text: string): string[] => {
  const out = new Set<string>()
  for (const body of expressionsIn(text)) {
    try {
      variablesOf(parseExpression(body), out)
    } catch {
      // refused elsewhere
    }
  }
  return [...out]
}
