import { useState } from 'react'

/**
 * An upload field's state: busy while a file goes up, and the failure to show under the field (a
 * refused file, or the upload's own error). `upload` clears the last failure first.
 */
export const useUploading = () => {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const upload = async (work: () => Promise<void>) => {
    setFailure(null)
    setBusy(true)
    try {
      await work()
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  return { busy, failure, setFailure, upload }
}
