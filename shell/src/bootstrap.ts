/**
 * The async boundary's target (index.ts): the shared modules are negotiated by the time this runs.
 *
 * Evaluating everything the first render needs in one go was the longest task of a first visit
 * (Lighthouse TBT on a 4× throttled CPU): the MUI barrel alone (every component's styled() call,
 * the default theme) took about a third of it. So the start-up runs as two tasks with the browser
 * free in between: MUI and the theme, then the rest of the shell (start.tsx). `webpackMode:
 * "eager"` keeps both in this chunk: they cost no extra request, only their evaluation waits.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(): Promise<void> {
  await import(/* webpackMode: "eager" */ './app/theme');
  await nextTask();
  const { start } = await import(/* webpackMode: "eager" */ './start');
  start();
}

void boot();

// A module (index.ts imports it), though it exports nothing.
export {};
