import { messages } from '@outpost/contracts/messages';
import { ApiError } from '../api-error';
import { getNativeFiles } from './files';

/**
 * The type a saved file is opened as (spec 1 section 7: "opened as pdf (csv opened as text/csv on
 * iOS)"). A CSV is opened as text/csv on Android too: opened as a PDF, no app would take it.
 */
export function openContentType(filename: string, blobType = ''): string {
  if (/\.csv$/i.test(filename)) return 'text/csv';
  if (/\.pdf$/i.test(filename)) return 'application/pdf';
  // Another attachment (a ticket's photo): the type the server gave it.
  return blobType.split(';')[0]?.trim() || 'application/octet-stream';
}

function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Saves a downloaded file to the documents directory and opens it (spec 1 sections 7 and 8).
 * Fails with an ApiError of kind FILE: 'Permission denied for file saving.' when storage permission
 * is refused, else the download message when writing or opening fails.
 */
export async function saveToDocuments(blob: Blob, filename: string): Promise<void> {
  const files = await getNativeFiles();
  let permission = await files.checkPermission();
  if (permission === 'prompt') permission = await files.requestPermission();
  if (permission !== 'granted') throw new ApiError('FILE', messages.fileSaveDenied);
  try {
    const uri = await files.writeDocument(filename, await toBase64(blob));
    await files.open(uri, openContentType(filename, blob.type));
  } catch (error) {
    throw new ApiError('FILE', messages.downloadFailed, undefined, { cause: error });
  }
}
