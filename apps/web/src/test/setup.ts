import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// A loaded machine (CI, several suites at once) renders a lazy route in more than the default second:
// waitFor / findBy wait up to 5 s (a test that should pass still passes at once when the machine is idle).
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  window.sessionStorage.clear()
})
