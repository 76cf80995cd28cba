export declare const BUILT_PAGES: string;
export declare const BUILT_WORKER_CONFIG: string;
