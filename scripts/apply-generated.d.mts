export declare const readZip: (buffer: Buffer) => Map<string, Buffer>
export declare const applyGenerated: (zip: Buffer, root: string) => { written: string[]; touched: string[] }
