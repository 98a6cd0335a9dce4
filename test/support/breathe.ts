// A test worker answers the runner only when its event loop gets to read messages. Vitest's
// worker waits 60 s at most for the runner's answer to each report it sends; a worker that computes
// without a break for longer (a test file of whole simulated games, on a loaded machine) gets no
// answer in time and the run ends with "Timeout calling onTaskUpdate" although every test passed.

/**
 * Lets the event loop go round once, through its poll phase (where the runner's answers are read):
 * a timer's callback runs before the poll phase, an immediate after it.
 */
export async function breathe(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setImmediate(resolve));
}
