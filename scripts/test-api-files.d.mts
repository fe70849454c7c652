export declare const DATABASE_FREE: string[]
export declare const ONE_PGLITE: string[]
