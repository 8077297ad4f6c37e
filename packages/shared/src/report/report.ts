import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZWireIdSchema } from '../common/ids.ts'

/** A saved report of the designer (`blade_report_file`); the content is not part of the list. */
export const ZReportFileRecordSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
})
export type TReportFile = z.infer<typeof ZReportFileRecordSchema>
