#!/usr/bin/env node
/**
 * `npm run audit:deps`: fail on known high or critical vulnerabilities in the production
 * dependencies (`npm audit --omit=dev --audit-level=high`), except advisories reviewed in
 * audit-allowlist.json, each with its reason (docs/decisions/043-dependency-audit.md).
 *
 * Exit codes: 0 clean (or every finding allow-listed), 1 findings, 2 the audit could not run. When
 * the registry offers no audit endpoint (some mirrors answer 405), the script says so and exits 2,
 * unless AUDIT_UNAVAILABLE_OK=1, where it warns and exits 0 (used by .ci/run on such mirrors).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const SEVERITIES = ['high', 'critical'];
const allowFile = new URL('../audit-allowlist.json', import.meta.url);

/** @type {{ advisories: { id: string, package: string, reason: string, reviewed: string }[] }} */
const allowList = JSON.parse(readFileSync(allowFile, 'utf8'));
for (const entry of allowList.advisories) {
  if (!entry.id || !entry.package || !entry.reason || !entry.reviewed) {
    console.error(`audit-allowlist.json: every entry needs id, package, reason and reviewed (date); got ${JSON.stringify(entry)}`);
    process.exit(2);
  }
}
const allowed = new Set(allowList.advisories.map((entry) => String(entry.id)));

// `--report <file>` reads a saved `npm audit --json` answer instead (to check this script itself).
const reportIndex = process.argv.indexOf('--report');
const run =
  reportIndex > 0
    ? { stdout: readFileSync(process.argv[reportIndex + 1], 'utf8'), stderr: '' }
    : spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}

if (!report || report.error || !report.vulnerabilities) {
  const reason = report?.error?.summary || report?.message || run.stderr.trim().split('\n').pop() || 'no answer';
  const message = `npm audit could not run: ${reason}`;
  if (process.env.AUDIT_UNAVAILABLE_OK === '1') {
    console.warn(`WARNING: ${message}. Dependencies were NOT checked for advisories.`);
    process.exit(0);
  }
  console.error(message);
  process.exit(2);
}

/** Every advisory of high or critical severity: its id (GHSA or URL), package, title. */
const findings = [];
for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
  for (const via of vulnerability.via ?? []) {
    if (typeof via !== 'object' || !SEVERITIES.includes(via.severity)) continue;
    const id = String(via.url ?? via.source ?? via.title).replace(/^https:\/\/github\.com\/advisories\//, '');
    findings.push({ id, package: name, severity: via.severity, title: via.title, range: via.range });
  }
}

const open = findings.filter((finding) => !allowed.has(finding.id));
const unique = [...new Map(open.map((finding) => [`${finding.id} ${finding.package}`, finding])).values()];
const reviewed = findings.length - open.length;
if (unique.length === 0) {
  console.log(`npm audit: no high or critical advisories in production dependencies${reviewed ? ` (${reviewed} allow-listed)` : ''}.`);
  process.exit(0);
}
console.error('npm audit: high or critical advisories in production dependencies:');
for (const finding of unique) console.error(`  ${finding.severity}  ${finding.package} ${finding.range ?? ''}  ${finding.id}  ${finding.title}`);
console.error('Upgrade the package, or review the advisory and add it to audit-allowlist.json with the reason.');
process.exit(1);
