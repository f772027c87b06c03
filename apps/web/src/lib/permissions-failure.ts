/**
 * The last failed permissions reload, as the user reads it (spec 1 section 8: 'Error fetching user
 * permissions: ' plus the server error); null once a reload succeeds or the user dismisses it.
 */
let permissionsFailure: string | null = null;
const permissionsFailureListeners = new Set<() => void>();

export function setPermissionsFailure(value: string | null): void {
  if (permissionsFailure === value) return;
  permissionsFailure = value;
  for (const listener of [...permissionsFailureListeners]) listener();
}

export function getPermissionsFailure(): string | null {
  return permissionsFailure;
}

export function dismissPermissionsFailure(): void {
  setPermissionsFailure(null);
}

export function subscribePermissionsFailure(listener: () => void): () => void {
  permissionsFailureListeners.add(listener);
  return () => {
    permissionsFailureListeners.delete(listener);
  };
}
