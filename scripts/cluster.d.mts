// Types of scripts/cluster.mjs for the TypeScript tests and benchmarks that import it.
export type ClusterInstance = {
  name: string;
  url: string;
  port: number;
  pid: number | undefined;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  running(): boolean;
  kill(signal?: NodeJS.Signals): boolean;
  stop(): Promise<void>;
};

export type Cluster = { url: string; instances: ClusterInstance[]; stop(): Promise<void> };

type OnOutput = (name: string, text: string) => void;

export function startInstance(options: {
  name: string;
  port: number;
  env: Record<string, string | undefined>;
  buildDir?: string;
  timeoutMs?: number;
  onOutput?: OnOutput;
  launcher?: string[];
}): Promise<ClusterInstance>;

export function startProxy(options: { port: number; instances: { url: string }[] }): Promise<{ url: string; close(): Promise<void> }>;

export function startCluster(options: {
  count: number;
  port?: number;
  env: Record<string, string | undefined>;
  buildDir?: string;
  parallel?: boolean;
  onOutput?: OnOutput;
}): Promise<Cluster>;
