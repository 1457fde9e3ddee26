/** Whether a process of that id still runs (signal 0 only checks that it could be signalled). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
