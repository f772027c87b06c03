import { apiPaths } from '@outpost/contracts/api-paths';
import { PERMISSIONS_HEADER, permissionsFingerprint } from '@outpost/contracts/permissions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { shellResponse } from '@/test/dashboard-fixtures';
import { errorResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/** Every answer says the caller's permissions changed; reloading them fails with `failure`. */
function stubChangedPermissions(failure: () => Response) {
  const changed = permissionsFingerprint(['view-services']);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === apiPaths.permissions) return failure();
      const response = shellResponse(path) ?? errorResponse(404, 'Invalid request: not found.');
      response.headers.set(PERMISSIONS_HEADER, changed);
      return response;
    }),
  );
}

describe('permissions reload', () => {
  it("shows 'Error fetching user permissions: ' plus the server error when the reload fails, until dismissed", async () => {
    signIn();
    stubChangedPermissions(() => errorResponse(500, 'Permissions are unavailable.'));
    renderApp('/');

    const alert = await screen.findByText(
      'Error fetching user permissions: Permissions are unavailable.',
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    // The map the session had is kept: the menu still offers what it offered.
    expect(screen.getAllByRole('link', { name: 'Invoices' }).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByText(/Error fetching user permissions/)).not.toBeInTheDocument(),
    );
  });
});
