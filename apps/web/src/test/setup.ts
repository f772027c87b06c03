import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { reportAnswer } from '@/lib/reachability';

// Route modules load lazily: give a busy CI machine more than the default second.
configure({ asyncUtilTimeout: 6000 });

beforeAll(() => {
  // jsdom does not lay out or scroll; the router's scroll restoration and the menu call these.
  window.scrollTo = () => {};
  Element.prototype.scrollTo = () => {};
  // jsdom has no PointerEvent: a MouseEvent with a pointerId carries clientX/clientY for drags.
  if (!('PointerEvent' in window)) {
    class PointerEventShim extends MouseEvent {
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    Object.assign(window, { PointerEvent: PointerEventShim });
  }
  // jsdom has <dialog> without showModal()/close(): enough of them for the Modal primitive.
  const dialog = HTMLDialogElement.prototype;
  dialog.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.show ??= function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close ??= function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

// Between tests (vitest restores each test's stubbed fetch), a request the last test's app still
// had to send would reach Node's own fetch, which cannot take a relative URL: a failure without an
// answer, which would count the app as offline (lib/reachability) in the next test. Such a request
// now just waits.
globalThis.fetch = () => new Promise<Response>(() => {});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // A test whose request got no answer left the app 'offline' (lib/reachability): not the next one.
  reportAnswer();
});
