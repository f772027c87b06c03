import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Route modules load lazily: give a busy CI machine more than the default second.
configure({ asyncUtilTimeout: 3000 });

beforeAll(() => {
  // jsdom does not lay out or scroll; the router's scroll restoration and the menu call these.
  window.scrollTo = () => {};
  Element.prototype.scrollTo = () => {};
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
