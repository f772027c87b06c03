import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { keptDataRead } from './app/query-client';
import { getBrand } from './lib/brand';
import './styles/app.css';
import { setBusinessTimeZone } from '@outpost/domain/time/zone';

// Dates and times are the provider's business zone's (docs/decisions/041), set before any render.
try {
  setBusinessTimeZone(getBrand().timeZone);
} catch {
  // Not a zone this browser knows: the default stays.
}

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
// than 300 ms. Any other visit renders at once (not behind a top-level await: that held the login
// page's first paint back by ~1.5 s).
if (keptDataRead) void keptDataRead.then(() => render(container));
else render(container);
