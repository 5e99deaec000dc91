// Prints one plain closing line ("<suite>: N passed, N failed") that CI tooling can read.
class SummaryReporter {
  constructor(globalConfig) {
    this.label = globalConfig.projects?.length > 1 ? 'unit' : 'e2e';
  }
  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(
      `\n${this.label}: ${passed} passed, ${failed} failed, ${skipped} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
