/**
 * The top progress bar on route change: starts only after
 * 200 ms, minimum 0.08, speed 200 ms, trickles 0.02 every 800 ms, completes
 * when the route updates.
 */
export const progressSettings = { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 } as const;

export interface Progress {
  start(): void;
  done(): void;
}

export function createProgress(root: Document): Progress {
  let bar: HTMLElement | null = null;
  let value = 0;
  let delay: ReturnType<typeof setTimeout> | undefined;
  let trickle: ReturnType<typeof setInterval> | undefined;
  const set = (n: number) => {
    value = Math.min(Math.max(n, progressSettings.minimum), 1);
    if (bar) bar.style.transform = `scaleX(${value})`;
  };
  return {
    start() {
      clearTimeout(delay);
      delay = setTimeout(() => {
        bar = root.createElement('div');
        bar.className = 'progress-bar';
        bar.setAttribute('aria-hidden', 'true');
        bar.style.transitionDuration = `${progressSettings.speed}ms`;
        root.body.append(bar);
        set(progressSettings.minimum);
        trickle = setInterval(() => set(value + progressSettings.trickleRate), progressSettings.trickleSpeed);
      }, progressSettings.delay);
    },
    done() {
      clearTimeout(delay);
      clearInterval(trickle);
      const finished = bar;
      bar = null;
      if (!finished) return;
      finished.style.transform = 'scaleX(1)';
      setTimeout(() => finished.remove(), progressSettings.speed);
    },
  };
}
