import { ResultsEditor } from '@/features/appraise/results/ResultsEditor'
import { EvaluationPage, type TEvaluationEditor } from '@/features/survey/evaluation/EvaluationPage'

const MemberEditor: TEvaluationEditor = ({ id, onClose }) => (
  <ResultsEditor id={id} staff={false} onClose={onClose} />
)

/** 成果申报: the survey module's evaluation reports, opened in the appraisal module's application editor. */
export const EvaluationScreen = () => <EvaluationPage Editor={MemberEditor} />
