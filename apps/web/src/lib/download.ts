import { messages } from '@outpost/contracts/messages';
import { apiBlob, type RequestOptions } from './api-client';
import { ApiError, isApiError } from './api-error';
import { isNativePlatform } from './platform';

/** Hands a Blob to the browser as a saved file named `filename`. */
function saveInBrowser(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers save nothing.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type FileSaver = (blob: Blob, filename: string) => Promise<void>;

/** How long a download waits for the native shell's saver before failing. */
const NATIVE_SAVER_WAIT_MS = 10_000;

let provideNativeSaver: (saver: FileSaver) => void = () => {};
const nativeSaver = new Promise<FileSaver>((resolve) => {
  provideNativeSaver = resolve;
});

/**
 * The native shell (lib/native/start-native, loaded on ios/android only) hands over the documents
 * directory saver here, so this module (in the chunk every page loads) imports no native code.
 */
export function setNativeFileSaver(saver: FileSaver): void {
  provideNativeSaver(saver);
}

/**
 * Saves a downloaded file as `filename`: in the browser, as a download; on ios/android, in the
 * documents directory, then opened (spec 1 section 7). On native it fails with an ApiError of kind
 * FILE ('Permission denied for file saving.' when storage is refused): see downloadErrorMessage.
 */
export async function saveBlob(blob: Blob, filename: string): Promise<void> {
  if (isNativePlatform()) {
    // The shell hands the saver over as the app starts; if its code never loaded, fail (FILE).
    const save = await Promise.race([
      nativeSaver,
      new Promise<null>((resolve) => window.setTimeout(() => resolve(null), NATIVE_SAVER_WAIT_MS)),
    ]);
    if (!save) throw new ApiError('FILE', messages.downloadFailed);
    await save(blob, filename);
    return;
  }
  saveInBrowser(blob, filename);
}

/**
 * Downloads a file from the API with the user's token (a link cannot send the X-User-Token
 * header) and saves it. Fails with the api client's errors (and FILE on native); callers show
 * downloadErrorMessage(error).
 */
export async function downloadFile(
  path: string,
  filename: string,
  options: RequestOptions = {},
): Promise<void> {
  const blob = await apiBlob(path, options);
  await saveBlob(blob, filename);
}

/**
 * What a failed download tells the user: the FILE failure's own text on native ('Permission denied
 * for file saving.'), else 'Something went wrong while trying to download the file.'.
 */
export function downloadErrorMessage(error: unknown): string {
  return isApiError(error) && error.kind === 'FILE' ? error.message : messages.downloadFailed;
}
