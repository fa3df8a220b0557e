/**
 * The dependency list stays honest (docs/decisions/045-security-round-two.md, "Also"): every
 * version in package.json is exact and is the one package-lock.json installs, and every runtime
 * dependency is used by the repository's own code (an unused package is attack surface and update
 * work for nothing).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Manifest = { dependencies: Record<string, string>; devDependencies: Record<string, string> };
type Lock = { packages: Record<string, { version?: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> }> };

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
const all = { ...manifest.dependencies, ...manifest.devDependencies };

/** Runtime dependencies nothing names in the code, each with why it stays. */
const USED_WITHOUT_IMPORT: Record<string, string> = {
  '@react-router/node':
    "React Router's Node server runtime: its CLI looks for it in dependencies (`react-router reveal`), and @react-router/express runs on it",
};

/** The repository's own source: everything but installed packages, builds and data. */
function sourceFiles(dir: string): string[] {
  const skip = new Set(['node_modules', 'build', '.git', '.e2e-data', '.react-router', 'drizzle', 'public']);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skip.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(?:[cm]?[jt]sx?|css)$/.test(entry.name) ? [full] : [];
  });
}

describe('package.json', () => {
  test('pins every dependency to the exact version package-lock.json installs', () => {
    const loose = Object.entries(all).filter(([, version]) => !/^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(version));
    expect(loose, 'ranges instead of exact versions').toEqual([]);
    const root = lock.packages[''];
    expect({ ...root?.dependencies, ...root?.devDependencies }, 'package-lock.json is in step with package.json (run npm install)').toEqual(all);
    for (const [name, version] of Object.entries(all)) expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
  });

  test('lists no runtime dependency that nothing in the repository uses', () => {
    const code = sourceFiles(ROOT).map((file) => readFileSync(file, 'utf8'));
    const unused = Object.keys(manifest.dependencies).filter((name) => {
      if (name in USED_WITHOUT_IMPORT) return false;
      const named = new RegExp(`['"]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:/[^'"]*)?['"]`);
      return !code.some((text) => named.test(text));
    });
    expect(unused).toEqual([]);
  });
});
