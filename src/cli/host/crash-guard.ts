/**
 * The last line of defence of a long-running host: an error nothing caught (a socket error event
 * without a listener, a rejected promise nobody awaited) is logged and the host keeps serving
 * instead of ending every plan it is running. Installed by the entry points only (serve, demo,
 * the E2E host), never by the engine as a library.
 */
export function installCrashGuard(log: (line: string) => void): void {
  const report = (what: string) => (e: unknown) => {
    const err = e instanceof Error ? e : new Error(String(e));
    log(`steward host: ${what} (kept running): ${err.stack ?? err.message}`);
  };
  process.on('uncaughtException', report('uncaught exception'));
  process.on('unhandledRejection', report('unhandled rejection'));
}
