/**
 * A Blob's text in tests. On Node 24 (CI runs the web tests there) `Response.blob()` in the jsdom
 * environment hands out jsdom's Blob, which has no `text()`; jsdom's FileReader reads it. On Node
 * 20 it is Node's own Blob, which FileReader refuses and `text()` reads.
 */
export function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The blob could not be read'));
    reader.readAsText(blob);
  });
}
