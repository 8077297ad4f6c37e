import { IS_SECRET, TradingProjectMsg } from '@ysjs/shared'
import type { TCustomFieldProps } from '@/components/crud/types'
import { DictSelect } from '@/components/dict/DictSelect'
import { toast } from '@/lib/notify'

/**
 * 是否保密 (dictionary `is_secret`). The secret-project rule (spec section 4): choosing 2 shows
 * 不接受保密项目 and puts the value back to 1; the server refuses 2 with the same message.
 */
export const SecretSelect = ({ value, onChange, ...rest }: TCustomFieldProps) => (
  <DictSelect
    {...rest}
    code="is_secret"
    value={value === null || value === undefined || value === '' ? String(IS_SECRET.PUBLIC) : String(value)}
    onChange={(next) => {
      if (next === String(IS_SECRET.SECRET)) {
        toast.warning(TradingProjectMsg.SECRET)
        onChange(String(IS_SECRET.PUBLIC))
        return
      }
      onChange(next)
    }}
  />
)
