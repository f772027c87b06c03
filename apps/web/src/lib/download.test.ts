import { messages } from '@outpost/contracts/messages';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { downloadErrorMessage, saveBlob, setNativeFileSaver } from './download';
import { FAKE_CONFIG_KEY, type FakeConfig } from './native/fakes/control';
import { openContentType, saveToDocuments } from './native/save-file';
import { storageKeys } from './session';

function forceNative(platform: 'ios' | 'android', config: FakeConfig = {}) {
  window.localStorage.setItem(storageKeys.platform, platform);
  window.localStorage.setItem(FAKE_CONFIG_KEY, JSON.stringify(config));
}

const pdf = () => new Blob(['%PDF-1.4 invoice'], { type: 'application/pdf' });

describe('saving a downloaded file', () => {
  beforeAll(() => {
    // As the native shell does when the app starts.
    setNativeFileSaver(saveToDocuments);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('hands it to the browser as a download on the web', async () => {
    const createUrl = vi.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await saveBlob(pdf(), 'outpost-invoice-#1001.pdf');

    expect(createUrl).toHaveBeenCalled();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('outpost-invoice-#1001.pdf');
    expect(window.__outpostNative).toBeUndefined();
  });

  it('saves an invoice PDF to the documents directory on iOS and opens it as a PDF', async () => {
    forceNative('ios');
    await saveBlob(pdf(), 'outpost-invoice-#1001.pdf');

    const hook = window.__outpostNative;
    expect(hook?.documents().map((d) => d.name)).toContain('outpost-invoice-#1001.pdf');
    expect(hook?.readText('outpost-invoice-#1001.pdf')).toBe('%PDF-1.4 invoice');
    expect(hook?.opened().at(-1)?.contentType).toBe('application/pdf');
  });

  it('opens a usage CSV as text/csv', async () => {
    forceNative('ios');
    await saveBlob(new Blob(['date,mb\n'], { type: 'text/csv' }), 'report-day-peak.csv');
    const hook = window.__outpostNative;
    expect(hook?.readText('report-day-peak.csv')).toBe('date,mb\n');
    expect(hook?.opened().at(-1)).toMatchObject({ contentType: 'text/csv' });
  });

  it('fails with FILE and the spec message when storage permission is refused', async () => {
    forceNative('android', { files: { permission: 'denied' } });
    const failure = saveBlob(pdf(), 'fact-sheet.pdf');
    await expect(failure).rejects.toMatchObject({
      kind: 'FILE',
      message: 'Permission denied for file saving.',
    });
    expect(window.__outpostNative?.documents().map((d) => d.name)).not.toContain('fact-sheet.pdf');
  });

  it('fails with FILE when the saved file cannot be opened', async () => {
    forceNative('android', { files: { openFails: true } });
    await expect(saveBlob(pdf(), 'plan.pdf')).rejects.toMatchObject({
      kind: 'FILE',
      message: messages.downloadFailed,
    });
  });

  it('asks for permission when undecided, and saves once granted', async () => {
    forceNative('android', { files: { permission: 'prompt', answer: 'granted' } });
    await saveBlob(pdf(), 'asked.pdf');
    expect(window.__outpostNative?.documents().map((d) => d.name)).toContain('asked.pdf');
  });
});

describe('the message a failed download shows', () => {
  it("is the FILE failure's own text", () => {
    expect(downloadErrorMessage(new ApiError('FILE', messages.fileSaveDenied))).toBe(
      'Permission denied for file saving.',
    );
  });

  it('is the download message for any other failure', () => {
    expect(downloadErrorMessage(new ApiError('HTTP', 'Failed to fetch'))).toBe(
      'Something went wrong while trying to download the file.',
    );
    expect(downloadErrorMessage(new Error('x'))).toBe(messages.downloadFailed);
  });
});

describe('the type a saved file is opened as', () => {
  it('is application/pdf for a PDF, text/csv for a CSV, else the type given', () => {
    expect(openContentType('outpost-invoice-#1.pdf')).toBe('application/pdf');
    expect(openContentType('report-hour-peak.csv')).toBe('text/csv');
    expect(openContentType('photo.jpg', 'image/jpeg')).toBe('image/jpeg');
    expect(openContentType('notes')).toBe('application/octet-stream');
  });
});
