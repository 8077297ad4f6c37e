import { ResultsPage } from './ResultsPage'

/**
 * The stage menus of 成果评价: the applications list (status filter, search) opening each application on
 * the stage's tab, where its form, documents or experts are handled.
 */
export const AgreementPage = () => <ResultsPage tab="basic" />
export const NoticePage = () => <ResultsPage tab="notice" />
export const ReportPage = () => <ResultsPage tab="report" />
export const MeetingPage = () => <ResultsPage tab="meeting" />
export const ExpertPushPage = () => <ResultsPage tab="experts" />
export const IndexPage = () => <ResultsPage tab="experts" />
