import { useSyncExternalStore } from 'react';
import { ErrorBanner } from '@/components/error-banner';
import {
  dismissPermissionsFailure,
  getPermissionsFailure,
  subscribePermissionsFailure,
} from '@/lib/permissions-failure';

/**
 * Says so when reloading the permission map failed (spec 1 section 8): menus and guards keep the
 * map they had until a later answer reloads it.
 */
export function PermissionsFailureBanner() {
  const failure = useSyncExternalStore(
    subscribePermissionsFailure,
    getPermissionsFailure,
    getPermissionsFailure,
  );
  return <ErrorBanner error={failure} onDismiss={dismissPermissionsFailure} />;
}
