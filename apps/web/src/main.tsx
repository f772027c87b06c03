import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { KEPT_DATA_WAIT_MS, lastKnownData } from './app/query-client';
import './styles/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

function render(root: HTMLElement): void {
  const reactRoot = createRoot(root);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (80 ms on a slow phone: a tap or a scroll waits).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// A repeat visit's kept data first (app/query-client.ts), so the first render has it; never more
// than KEPT_DATA_WAIT_MS (300 ms: a slow or broken IndexedDB must not hold the page). Any other visit renders at
// once (not behind a top-level await: that held the login page's first paint back by ~1.5 s).
if (lastKnownData)
  void Promise.race([
    lastKnownData,
    new Promise((resolve) => setTimeout(resolve, KEPT_DATA_WAIT_MS)),
  ]).then(() => render(container));
else render(container);
