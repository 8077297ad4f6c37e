import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import ListAltIcon from '@mui/icons-material/ListAlt'
import LockIcon from '@mui/icons-material/Lock'
import PublishIcon from '@mui/icons-material/Publish'
import { useQueryClient } from '@tanstack/react-query'
import { Msg, PERMISSIONS, SurveyMsg, SurveyState } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { surveyApi, type TSurveyRow } from '../surveyApi'
import { QuestionDesigner } from './QuestionDesigner'
import { surveyResource } from './surveyResource'

/** 题目管理: questionnaires with their questions; publish freezes them, a new version reopens them. */
export const SurveyDesignPage = () => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const permissions = useSession((s) => s.permissions)
  const [designing, setDesigning] = useState<TSurveyRow | null>(null)
  const canEdit = !!permissions[PERMISSIONS.surveyQuestionEdit]
  const act = async (run: () => Promise<unknown>, message?: string) => {
    if (message && !(await confirm({ message }))) {
      return
    }
    try {
      await run()
    } catch {
      return
    }
    toast.success(Msg.OPERATE_SUCCESS)
    await queryClient.invalidateQueries({ queryKey: ['survey-design'] })
  }

  return (
    <>
      <CrudScreen
        resource={surveyResource}
        rowActions={[
          {
            key: 'questions',
            primary: true,
            label: t('survey.questions'),
            Icon: ListAltIcon,
            onClick: setDesigning,
          },
          {
            key: 'publish',
            label: t('survey.publish'),
            Icon: PublishIcon,
            allowed: canEdit,
            onClick: (row) =>
              row.state === SurveyState.DRAFT
                ? void act(() => surveyApi.publish(row.id), t('survey.publishConfirm'))
                : toast.warning(SurveyMsg.PUBLISH_DRAFT_ONLY),
          },
          {
            key: 'close',
            label: t('survey.close'),
            Icon: LockIcon,
            allowed: canEdit,
            onClick: (row) =>
              row.state === SurveyState.PUBLISHED
                ? void act(() => surveyApi.close(row.id), t('survey.closeConfirm'))
                : toast.warning(SurveyMsg.NOT_PUBLISHED),
          },
          {
            key: 'version',
            label: t('survey.newVersion'),
            Icon: ContentCopyIcon,
            permission: PERMISSIONS.surveyQuestionAdd,
            onClick: (row) =>
              row.state === SurveyState.DRAFT
                ? toast.warning(SurveyMsg.VERSION_OF_DRAFT)
                : void act(() => surveyApi.newVersion(row.id), t('survey.newVersionConfirm')),
          },
        ]}
      />
      {designing && <QuestionDesigner survey={designing} onClose={() => setDesigning(null)} />}
    </>
  )
}
