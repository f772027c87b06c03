import { pluginFor } from './load-fakes';
import type { FilePermission, NativeFiles } from './types';

function toFilePermission(state: string): FilePermission {
  if (state === 'granted') return 'granted';
  if (state === 'denied') return 'denied';
  return 'prompt';
}

/** @capacitor/filesystem (the documents directory) and @capacitor-community/file-opener. */
export const getNativeFiles = pluginFor('files', async (): Promise<NativeFiles> => {
  const [{ Directory, Filesystem }, { FileOpener }] = await Promise.all([
    import('@capacitor/filesystem'),
    import('@capacitor-community/file-opener'),
  ]);
  return {
    checkPermission: async () =>
      toFilePermission((await Filesystem.checkPermissions()).publicStorage),
    requestPermission: async () =>
      toFilePermission((await Filesystem.requestPermissions()).publicStorage),
    async writeDocument(name, base64) {
      const result = await Filesystem.writeFile({
        path: name,
        data: base64,
        directory: Directory.Documents,
        recursive: true,
      });
      return result.uri;
    },
    open: (uri, contentType) =>
      FileOpener.open({ filePath: uri, contentType, openWithDefault: true }),
  };
});
