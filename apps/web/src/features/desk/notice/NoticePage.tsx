import { CrudScreen } from '@/components/crud/CrudScreen'
import { noticeResource } from './noticeResource'

export const NoticePage = () => <CrudScreen resource={noticeResource} />
