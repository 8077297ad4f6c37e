import { useQuery } from '@tanstack/react-query'
import {
  APPRAISE_DEFAULTS,
  ZMeetingDraftSchema,
  ZMeetingFormSchema,
  ZNoticeDraftSchema,
  ZNoticeFormSchema,
  ZReportDraftSchema,
  ZReportFormSchema,
} from '@ysjs/shared'
import { useEffect } from 'react'
import { useZodForm } from '@/components/form/useZodForm'
import { useResourceMutation } from '@/lib/resource/hooks'
import { queryKeys } from '@/lib/resource/queryKeys'
import { appraiseApi, createDocument, type TFormKind } from '../appraiseApi'

const SCHEMAS = {
  notice: { draft: ZNoticeDraftSchema, full: ZNoticeFormSchema, create: 'notice/createNoticeFile' },
  report: { draft: ZReportDraftSchema, full: ZReportFormSchema, create: 'report/createReportFile' },
  meeting: { draft: ZMeetingDraftSchema, full: ZMeetingFormSchema, create: 'results/haveMeeting' },
} as const

/**
 * One of the application's forms (notice, report, meeting): the saved draft or the server's prefill,
 * 暂存 (only filled fields checked, nothing reset) and 生成 (every field checked, the docx made). The
 * full schema marks the required fields.
 */
export const useDocForm = (kind: TFormKind, resultsId: string, onDone: () => void) => {
  const key = queryKeys.call('appraise', 'form', kind, resultsId)
  const loaded = useQuery({ queryKey: key, queryFn: () => appraiseApi.formDetail(kind, resultsId) })
  const form = useZodForm(SCHEMAS[kind].draft, {
    defaultValues: { resultsId },
    requiredSchema: SCHEMAS[kind].full,
  })
  useEffect(() => {
    if (loaded.data) {
      const data = loaded.data
      form.reset({
        meetingType: String(APPRAISE_DEFAULTS.MEETING_TYPE),
        ...data,
        ...(kind === 'report' ? { times: Array.isArray(data.times) ? data.times : ['', ''] } : {}),
        resultsId,
      })
    }
  }, [loaded.data, form, kind, resultsId])
  const done = { invalidates: [key], onSuccess: onDone }
  const save = useResourceMutation((body: unknown) => appraiseApi.saveDraft(kind, body), done)
  const generate = useResourceMutation((body: unknown) => createDocument(SCHEMAS[kind].create, body), done)
  // The controls' values as they are (a cleared field is saved blank).
  const body = () => ({ ...form.getValues(), resultsId })
  return {
    form,
    busy: save.busy || generate.busy,
    loaded: !!loaded.data,
    canEdit: loaded.data?.canEdit ?? false,
    generated: loaded.data?.generated ?? false,
    saveDraft: form.submit(() => save.runOrThrow(body())),
    generate: form.submit(() => generate.run(body()), SCHEMAS[kind].full),
  }
}

export type TDocForm = ReturnType<typeof useDocForm>
