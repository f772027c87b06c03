import { useSyncExternalStore } from 'react';

/**
 * The 'Data saver' preference (issue 21, docs/decisions/032), per device: on, the dashboard and
 * the news list show no images, usage charts are drawn only when asked ('Show chart': the table
 * and the summary are there without them), and nothing is fetched ahead for another page or
 * dialog. Kept in local storage ('1' or '0'); until the user chooses, it follows the browser's
 * own data saver (`navigator.connection.saveData`).
 */
export const DATA_SAVER_KEY = 'outpost-data-saver';

const listeners = new Set<() => void>();

function browserSavesData(): boolean {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

export function isDataSaverOn(): boolean {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(DATA_SAVER_KEY);
  } catch {
    // Storage blocked: the browser's setting decides.
  }
  return stored === null ? browserSavesData() : stored === '1';
}

export function setDataSaver(on: boolean): void {
  try {
    window.localStorage.setItem(DATA_SAVER_KEY, on ? '1' : '0');
  } catch {
    // Storage blocked: the choice lasts until reload.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DATA_SAVER_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The preference, following changes made in this tab and in others. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, isDataSaverOn, () => false);
}
