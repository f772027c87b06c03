import type { FilePermission, NativeFiles } from '../types';
import { fakeConfig, type OpenedDocument, type SavedDocument, updateFakeConfig } from './control';

function decode(base64: string): string {
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return '';
  }
}

/** The documents directory (in memory, for this page) and the file opener. */
export function createFakeFiles() {
  const documents = new Map<string, SavedDocument>();
  const opened: OpenedDocument[] = [];

  const plugin: NativeFiles = {
    checkPermission: async (): Promise<FilePermission> =>
      fakeConfig().files?.permission ?? 'granted',
    requestPermission: async (): Promise<FilePermission> => {
      const current = fakeConfig().files?.permission ?? 'granted';
      if (current !== 'prompt') return current;
      // The OS remembers the answer: it is the permission from now on.
      const answer = fakeConfig().files?.answer ?? 'granted';
      updateFakeConfig((config) => ({ ...config, files: { ...config.files, permission: answer } }));
      return answer;
    },
    writeDocument: async (name, base64) => {
      const uri = `file:///fake/Documents/${encodeURIComponent(name)}`;
      documents.delete(name);
      documents.set(name, { name, uri, base64, savedAt: Date.now() });
      return uri;
    },
    open: async (uri, contentType) => {
      if (fakeConfig().files?.openFails) throw new Error('No app can open this file.');
      if (![...documents.values()].some((doc) => doc.uri === uri))
        throw new Error('File does not exist.');
      opened.push({ uri, contentType });
    },
  };

  return {
    plugin,
    list: () =>
      [...documents.values()].map(({ name, uri, base64 }) => ({
        name,
        uri,
        size: Math.floor((base64.length * 3) / 4),
      })),
    readText: (name: string) => {
      const doc = documents.get(name);
      return doc ? decode(doc.base64) : null;
    },
    opened: () => [...opened],
  };
}
