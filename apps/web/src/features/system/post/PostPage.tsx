import { CrudScreen } from '@/components/crud/CrudScreen'
import { postResource } from './postResource'

export const PostPage = () => <CrudScreen resource={postResource} />
