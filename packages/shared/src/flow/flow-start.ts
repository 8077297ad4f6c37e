import { z } from 'zod'
import { ZWireIdSchema } from '../common/ids.ts'
import { zRequired } from '../common/validators.ts'

/** Not found: the same words as FlowMsg.DEFINITION_MISSING (flow.ts imports this file). */
const DEFINITION_MISSING = '流程定义不存在'

/** A process variable's value as a start form or a task sends it. */
const ZVariableValueSchema = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])
const VARIABLE_NAME = /^[A-Za-z_][\w]{0,63}$/
export const FLOW_START_MSG = {
  VARIABLES: '流程变量格式不正确',
  REQUIRED: '请填写',
  TYPE: '格式不正确',
} as const
/**
 * `work/start-process`: any deployed process started with its start form's variables (the leave
 * process keeps its own call, contract 10.4). Variable names are identifiers; values are plain.
 */
export const ZFlowStartSchema = z.object({
  processDefinitionId: zRequired(DEFINITION_MISSING, 255),
  variables: z
    .record(z.string(), ZVariableValueSchema, { error: FLOW_START_MSG.VARIABLES })
    .refine((v) => Object.keys(v).length <= 100 && Object.keys(v).every((k) => VARIABLE_NAME.test(k)), {
      message: FLOW_START_MSG.VARIABLES,
    })
    .optional(),
})
export type TFlowStart = z.infer<typeof ZFlowStartSchema>
export const ZFlowStartResultSchema = z.object({ processInstanceId: ZWireIdSchema, finished: z.boolean() })

/** A start form field as the BPMN gives it (`flowable:formProperty`, Camunda's `formField`). */
export const ZFlowFormFieldSchema = z.object({
  /** The process variable the field sets (the property's `id` in the file). */
  variable: z.string(),
  name: z.string().nullable(),
  /** string, long, double, boolean, date, enum (Flowable's form types); anything else is text. */
  type: z.string(),
  required: z.boolean(),
  defaultValue: z.string().nullable(),
  values: z.array(z.object({ value: z.string(), name: z.string().nullable() })),
})
export type TFlowFormField = z.infer<typeof ZFlowFormFieldSchema>
export const ZStartFormQuerySchema = z.object({
  processDefinitionId: zRequired('缺少必要的请求参数: processDefinitionId', 255),
})
/** `work/start-form`: the process's start form (no fields: the screen offers a JSON of variables). */
export const ZFlowStartFormSchema = z.object({
  processDefinitionId: z.string(),
  name: z.string().nullable(),
  key: z.string(),
  /** The variable that receives the starter (`flowable:initiator`); the server sets it. */
  initiator: z.string().nullable(),
  fields: z.array(ZFlowFormFieldSchema),
  warnings: z.array(z.string()),
})
export type TFlowStartForm = z.infer<typeof ZFlowStartFormSchema>

/**
 * A start form's values checked against its fields (required, number, boolean, enum, date), in the
 * order of the form; answers the variables to start with (typed) or the first problem's message.
 */
export const checkStartVariables = (
  fields: TFlowFormField[],
  input: Record<string, string | number | boolean | null>,
): { ok: true; variables: Record<string, unknown> } | { ok: false; msg: string } => {
  const variables: Record<string, unknown> = { ...input }
  for (const f of fields) {
    const label = f.name ?? f.variable
    const raw = input[f.variable]
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')
    if (empty) {
      if (f.defaultValue !== null) {
        variables[f.variable] = f.defaultValue
      } else if (f.required) {
        return { ok: false, msg: `${FLOW_START_MSG.REQUIRED}${label}` }
      } else {
        delete variables[f.variable]
        continue
      }
    }
    const v = variables[f.variable]
    if (f.type === 'long' || f.type === 'double') {
      const n = typeof v === 'number' ? v : Number(String(v).trim())
      if (!Number.isFinite(n) || (f.type === 'long' && !Number.isInteger(n))) {
        return { ok: false, msg: `${label}${FLOW_START_MSG.TYPE}` }
      }
      variables[f.variable] = n
    } else if (f.type === 'boolean') {
      if (v !== true && v !== false && v !== 'true' && v !== 'false') {
        return { ok: false, msg: `${label}${FLOW_START_MSG.TYPE}` }
      }
      variables[f.variable] = v === true || v === 'true'
    } else if (f.type === 'enum' && f.values.length) {
      if (!f.values.some((o) => o.value === String(v))) {
        return { ok: false, msg: `${label}${FLOW_START_MSG.TYPE}` }
      }
      variables[f.variable] = String(v)
    } else if (typeof v !== 'string') {
      variables[f.variable] = String(v)
    }
  }
  return { ok: true, variables }
}
