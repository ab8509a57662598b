/** The first line of an error's message: what a verdict's reason and the console show. */
export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').trim();
}
