export type PublicBundle = { id: string; initial: string[]; raw: number; gzip: number; brotli: number; reachable: string[] };
export function publicBundles(buildDir?: string): PublicBundle[];
export function readManifest(buildDir?: string): unknown;
