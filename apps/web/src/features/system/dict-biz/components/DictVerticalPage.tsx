import { DictPanes } from './DictPanes'

/** `/dict-vertical/index`: dictionaries above, the chosen one's items below. */
export const DictVerticalPage = () => <DictPanes vertical />
