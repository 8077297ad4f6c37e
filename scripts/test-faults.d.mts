type TFaultServer = {
  port: number
  connections: () => number
  accepted: () => number
  close: () => Promise<void>
}

export function blackHole(): Promise<TFaultServer>
export function closedPort(): Promise<number>
export function slowProxy(options: {
  host?: string
  port: number
  delayMs?: number
  listenPort?: number
}): Promise<TFaultServer & { setDelay: (ms: number) => void }>
