/**
 * A Playwright reporter that repeats, after the run's summary, why each failed test failed: its
 * title, the first lines of each error and the step it failed in. The line reporter prints a failure
 * where it happens, hundreds of lines above the end; a CI log that keeps only its tail (as this
 * project's does) would otherwise show which tests failed but never why (docs/testing.md).
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of each error message kept: enough for the assertion, its expected and received values. */
const ERROR_LINES = 12;

// eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters by definition
const ANSI = /\u001b\[[0-9;]*m/g;

function firstLines(text: string, count: number): string {
  return text.replace(ANSI, '').split('\n').slice(0, count).join('\n');
}

export default class FailureSummaryReporter implements Reporter {
  private readonly failures: { test: TestCase; result: TestResult }[] = [];

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed' && result.status !== 'skipped' && result.status !== test.expectedStatus) this.failures.push({ test, result });
  }

  onEnd(_result: FullResult): void {
    if (this.failures.length === 0) return;
    const out: string[] = ['', `Why the ${this.failures.length} failed test(s) failed:`];
    for (const { test, result } of this.failures) {
      out.push('', `● ${test.titlePath().filter(Boolean).join(' › ')} (${result.status}, ${Math.round(result.duration)} ms)`);
      for (const error of result.errors) {
        out.push(firstLines(error.message ?? error.value ?? 'unknown error', ERROR_LINES).replace(/^/gm, '    '));
        if (error.location) out.push(`    at ${error.location.file.replace(process.cwd() + '/', '')}:${error.location.line}`);
      }
    }
    process.stdout.write(out.join('\n') + '\n');
  }
}
