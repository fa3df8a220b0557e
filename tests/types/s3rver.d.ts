/** Types for s3rver 3 (https://github.com/jamhall/s3rver), which ships none: the parts the tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Creates the configured buckets and listens; resolves to the bound address. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    reset(): void;
  }
}
