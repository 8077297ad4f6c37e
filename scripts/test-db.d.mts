export declare const DEFAULT_TEST_DATABASE_URL: string
export declare const ensureTemplate: (baseUrl?: string) => Promise<string>
export declare const cloneDatabase: (
  template: string,
  baseUrl?: string,
  label?: string,
) => Promise<{ name: string; url: string; drop: () => Promise<void> }>
export declare const resetDatabase: (name: string, baseUrl?: string) => Promise<string>
