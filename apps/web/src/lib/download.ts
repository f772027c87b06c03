import { apiBlob, type RequestOptions } from './api-client';

/** Hands a Blob to the browser as a saved file named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
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

/**
 * Downloads a file from the API with the user's token (a link cannot send the X-User-Token
 * header) and saves it. Fails with the api client's errors; callers show
 * messages.downloadFailed.
 */
export async function downloadFile(
  path: string,
  filename: string,
  options: RequestOptions = {},
): Promise<void> {
  const blob = await apiBlob(path, options);
  saveBlob(blob, filename);
}
