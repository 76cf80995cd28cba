export declare const chromePath: string;
export declare const chromeArgs: string[];
