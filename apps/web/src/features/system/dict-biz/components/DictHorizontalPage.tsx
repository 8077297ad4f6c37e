import { dictTables } from '../api/dictBizApi'
import { DictPanes } from './DictPanes'

/** `/dict-horizontal/index`: dictionaries on the left, the chosen one's items on the right. */
export const DictHorizontalPage = () => <DictPanes />

/** `/system/dict`: the system dictionary (the platform's, one set for every tenant), side by side. */
export const SystemDictPage = () => <DictPanes table={dictTables.system} />
