import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { SessionItem, TwoFactorStatus } from '@outpost/contracts/security';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { errorResponse, jsonResponse, restoreCopy, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { type FetchCall, stubApi } from '@/test/services-fixtures';
import { storageKeys } from '@/lib/session';
import { securityQueryKeys } from '../api/security-queries';

const options = [
  { value: 'DOB', label: 'Date of Birth', type: 'date', readOnly: true },
  { value: 'PIN', label: 'PIN', type: 'password', readOnly: false },
];
const dobPreference = {
  identify_by: 'DOB',
  data: { value: '1961-04-12' },
  date_of_birth: '1961-04-12',
};
const offStatus: TwoFactorStatus = {
  enabled: false,
  method: null,
  mobile_hint: 'ending in 156',
  email_hint: 'j•••@example.com',
};
const sessions: SessionItem[] = [
  {
    id: 11,
    device: 'Windows 10 computer',
    browser: 'Chrome 131',
    place: '198.51.100.4',
    started: '2026-11-24T01:00:00.000Z',
    last_used: '2026-11-24T02:00:00.000Z',
    current: true,
  },
  {
    id: 12,
    device: 'iOS 18.1 phone',
    browser: 'Safari 18',
    place: '203.0.113.7',
    started: '2026-11-20T01:00:00.000Z',
    last_used: '2026-11-23T02:00:00.000Z',
    current: false,
  },
];

type Routes = Record<string, (call: FetchCall) => Response | Promise<Response>>;

async function setup(routes: Routes = {}, before?: (queryClient: QueryClient) => void) {
  signIn();
  const api = stubApi({
    [`GET ${apiPaths.methodPreferenceOptions}`]: () => jsonResponse({ data: options }),
    [`GET ${apiPaths.methodPreference}`]: () => jsonResponse({ data: dobPreference }),
    [`GET ${apiPaths.twoFactor}`]: () => jsonResponse({ data: offStatus }),
    [`GET ${apiPaths.sessions}`]: () => jsonResponse({ data: sessions }),
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = renderApp('/account/security', { before });
  // The page module loads lazily.
  await screen.findByRole('heading', { level: 1, name: 'Account Security' });
  return { ...view, calls: api.calls };
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  window.localStorage.clear();
});

describe('Account Security', () => {
  it('shows every section: password, identification, two-factor, biometric and devices', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Account Security' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Date of Birth' })).toBeChecked();
    const identification = within(section('Identification'));
    expect(identification.getByLabelText('Date of birth')).toHaveValue('12/04/1961');
    expect(identification.getByLabelText('Date of birth')).toHaveAttribute('readonly');
    expect(await within(section('Two-factor authentication')).findByText('Off')).toBeVisible();
    expect(
      within(section('Biometric login')).getByText(/available in our app for iPhone and Android/),
    ).toBeInTheDocument();
    expect(within(section('Biometric login')).queryByRole('switch')).toBeNull();
    const devices = within(section('Signed-in devices'));
    expect(await devices.findByText('Windows 10 computer')).toBeInTheDocument();
    expect(devices.getByText('This device')).toBeInTheDocument();
    expect(devices.getAllByRole('button', { name: /^Sign out (?!everywhere)/ })).toHaveLength(1);
  });

  it('says the page could not load when a section fails', async () => {
    await setup({ [`GET ${apiPaths.sessions}`]: () => errorResponse(500, 'Internal error: boom') });
    expect(
      await within(section('Signed-in devices')).findByText(
        'There was a problem loading the page. Please try again later.',
      ),
    ).toBeInTheDocument();
  });
});

describe('password', () => {
  async function fill(
    user: Awaited<ReturnType<typeof setup>>['user'],
    current: string,
    next: string,
  ) {
    const password = within(section('Password'));
    await user.type(password.getByLabelText('Current password'), current);
    await user.type(password.getByLabelText('New password'), next);
    await user.type(password.getByLabelText('Confirm password'), next);
    await user.click(password.getByRole('button', { name: 'Update Password' }));
  }

  it('checks the rules before sending anything', async () => {
    const { user, calls } = await setup();
    const password = within(section('Password'));
    expect(password.getByText('Your password must not contain spaces.')).toBeInTheDocument();
    await user.click(password.getByRole('button', { name: 'Update Password' }));
    expect(password.getByText('This field is required')).toBeInTheDocument();
    expect(password.getByText('Password is required')).toBeInTheDocument();
    await user.type(password.getByLabelText('New password'), 'short');
    await user.click(password.getByRole('button', { name: 'Update Password' }));
    expect(password.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('refuses a new password equal to the current one before sending anything', async () => {
    const { user, calls } = await setup();
    await fill(user, 'Outpost-demo-1', 'Outpost-demo-1');
    expect(
      await within(section('Password')).findByText(
        'Your new password must be different from your current password',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('sends the current and new password, then says the security was updated', async () => {
    const { user, calls } = await setup({
      [`PATCH ${apiPaths.profile}`]: () => jsonResponse({ data: { updated: true } }),
    });
    await fill(user, 'Outpost-demo-1', 'Better-pass-9');
    const dialog = await screen.findByRole('dialog', { name: 'Update password' });
    expect(
      await within(dialog).findByText('Your account security has been updated.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      password: 'Better-pass-9',
      current_password: 'Outpost-demo-1',
    });
  });

  it('shows the server’s reason for a wrong current password', async () => {
    const { user } = await setup({
      [`PATCH ${apiPaths.profile}`]: () =>
        errorResponse(
          400,
          'Invalid request: your current password is not right. Check it and try again, or log out and use the "Can\'t login?" link.',
        ),
    });
    await fill(user, 'Wrong-one-1', 'Better-pass-9');
    expect(
      await within(section('Password')).findByText(
        'Error: your current password is not right. Check it and try again, or log out and use the "Can\'t login?" link.',
      ),
    ).toBeInTheDocument();
  });

  it('says the spec’s message for any other failure', async () => {
    const { user } = await setup({
      [`PATCH ${apiPaths.profile}`]: () => errorResponse(500, 'Internal error: boom'),
    });
    await fill(user, 'Outpost-demo-1', 'Better-pass-9');
    expect(
      await within(section('Password')).findByText(
        'There was an issue updating your login details. Please try again later.',
      ),
    ).toBeInTheDocument();
  });
});

describe('identification method', () => {
  it('waits for the fresh method when the device kept an older one (a reload right after a save)', async () => {
    // The copy kept before the PIN was saved says DOB; the server now says PIN.
    let answer: (response: Response) => void = () => undefined;
    const { queryClient } = await setup(
      {
        [`GET ${apiPaths.methodPreference}`]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
      (client) => restoreCopy(client, securityQueryKeys.method, dobPreference),
    );
    const identification = within(section('Identification'));
    await waitFor(() =>
      expect(queryClient.isFetching({ queryKey: securityQueryKeys.method })).toBe(1),
    );
    // No form (so no DOB choice to keep) while the copy is being fetched again.
    expect(identification.queryByRole('radio')).toBeNull();
    expect(identification.getByRole('status')).toHaveTextContent(
      'Loading your identification method…',
    );
    answer(
      jsonResponse({
        data: { identify_by: 'PIN', data: { value: '' }, date_of_birth: '1961-04-12' },
      }),
    );
    expect(await identification.findByRole('radio', { name: 'PIN' })).toBeChecked();
    expect(identification.getByRole('radio', { name: 'Date of Birth' })).not.toBeChecked();
    expect(identification.getByLabelText('New PIN number')).toBeInTheDocument();
  });

  it('asks for a 4-digit PIN and saves it', async () => {
    const { user, calls } = await setup({
      [`PATCH ${apiPaths.methodPreference}`]: () =>
        jsonResponse({
          data: { identify_by: 'PIN', data: { value: '' }, date_of_birth: '1961-04-12' },
        }),
    });
    await user.click(await screen.findByRole('radio', { name: 'PIN' }));
    const identification = within(section('Identification'));
    expect(identification.getByText('Please select a 4 digit pin number')).toBeInTheDocument();
    await user.click(identification.getByRole('button', { name: 'Save' }));
    expect(identification.getByText('This field is required.')).toBeInTheDocument();
    await user.type(identification.getByLabelText('PIN number'), '12');
    await user.click(identification.getByRole('button', { name: 'Save' }));
    expect(
      identification.getAllByText('Please select a 4 digit pin number').length,
    ).toBeGreaterThan(1);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await user.type(identification.getByLabelText('PIN number'), '34');
    await user.click(identification.getByRole('button', { name: 'Save' }));
    expect(
      await identification.findByText('Your account security has been updated.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      identify_by: 'PIN',
      data: { value: '1234' },
    });
  });

  it('takes digits only in the PIN', async () => {
    const { user } = await setup();
    await user.click(await screen.findByRole('radio', { name: 'PIN' }));
    const pin = within(section('Identification')).getByLabelText('PIN number');
    await user.type(pin, 'ab12cd34');
    expect(pin).toHaveValue('1234');
    expect(pin).toHaveAttribute('type', 'password');
  });
});

describe('two-factor', () => {
  it('turns the authenticator on: a step-up code, the QR code and key, then the app’s code', async () => {
    const { user, calls } = await setup({
      [`POST ${apiPaths.stepUpSend}`]: () =>
        jsonResponse({
          data: {
            method: 'email',
            delivery:
              'We have emailed a 6-digit code to the address on your contact details. It expires in 10 minutes.',
          },
        }),
      [`POST ${apiPaths.stepUpVerify}`]: () =>
        jsonResponse({ data: { verified_until: '2026-11-24T02:10:00.000Z' } }),
      [`POST ${apiPaths.twoFactorAuthenticator}`]: () =>
        jsonResponse({
          data: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/Outpost:holder?issuer=Outpost&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          },
        }),
      [`PATCH ${apiPaths.twoFactor}`]: () =>
        jsonResponse({ data: { ...offStatus, enabled: true, method: 'totp' } }),
    });
    await user.click(
      await within(section('Two-factor authentication')).findByRole('button', { name: 'Turn On' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: /Turn on two-factor authentication/,
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Authenticator app' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText(
        'We have emailed a 6-digit code to the address on your contact details. It expires in 10 minutes.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByText('Enter the 6-digit code.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('One-time code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('img', {
        name: 'QR code to add your account to an authenticator app',
      }),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Code from the app'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn On' }));
    expect(
      await within(dialog).findByText('Your account security has been updated.'),
    ).toBeInTheDocument();
    expect(
      calls.find((c) => c.method === 'POST' && c.path === apiPaths.stepUpVerify)?.body,
    ).toEqual({ code: '123456' });
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      method: 'totp',
      code: '654321',
    });
    expect(await within(section('Two-factor authentication')).findByText('On')).toBeVisible();
  });

  it('shows a wrong step-up code’s message and stays on the code', async () => {
    const { user } = await setup({
      [`GET ${apiPaths.twoFactor}`]: () =>
        jsonResponse({ data: { ...offStatus, enabled: true, method: 'sms' } }),
      [`POST ${apiPaths.stepUpSend}`]: () =>
        jsonResponse({
          data: {
            method: 'sms',
            delivery:
              'We have sent a 6-digit code by SMS to your mobile ending in 156. It expires in 10 minutes.',
          },
        }),
      [`POST ${apiPaths.stepUpVerify}`]: () =>
        errorResponse(
          400,
          'That code is not right, or it has expired. Check it, or send a new code and try again.',
        ),
    });
    await user.click(
      await within(section('Two-factor authentication')).findByRole('button', {
        name: 'Turn Off',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await within(dialog).findByLabelText('One-time code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(
      await within(dialog).findByText(
        'That code is not right, or it has expired. Check it, or send a new code and try again.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('One-time code')).toBeInTheDocument();
  });
});

describe('signed-in devices', () => {
  it('signs out one device, and every other after a confirmation', async () => {
    const { user, calls } = await setup({
      [`DELETE ${buildPath(apiPaths.session, { sessionid: 12 })}`]: () =>
        jsonResponse({ data: { ended: true } }),
      [`POST ${apiPaths.endOtherSessions}`]: () => jsonResponse({ data: { ended: 1 } }),
    });
    const devices = within(section('Signed-in devices'));
    await user.click(
      await devices.findByRole('button', {
        name: 'Sign out iOS 18.1 phone, Safari 18, 203.0.113.7',
      }),
    );
    expect(await devices.findByText('That device has been signed out.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);

    await user.click(devices.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(calls.some((c) => c.path === apiPaths.endOtherSessions)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await devices.findByText('Every other device has been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('biometric login (native)', () => {
  it('offers the switch on a phone and keeps the choice on the device', async () => {
    window.localStorage.setItem(storageKeys.platform, 'android');
    const { user } = await setup();
    const toggle = within(section('Biometric login')).getByRole('switch', {
      name: 'Use biometric login on this device',
    });
    expect(toggle).not.toBeChecked();
    // On: the device's check and one authentication (the in-page biometric plugin says yes).
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(window.localStorage.getItem('sm_biometric')).toBe('1');
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(window.localStorage.getItem('sm_biometric')).toBeNull();
  });

  it('without biometrics enrolled, shows the settings dialog and stays off', async () => {
    window.localStorage.setItem(storageKeys.platform, 'ios');
    window.localStorage.setItem(storageKeys.privacyAccepted, '1');
    window.localStorage.setItem(
      'outpost_native_fakes',
      JSON.stringify({ biometric: { available: false } }),
    );
    const { user } = await setup();
    const toggle = within(section('Biometric login')).getByRole('switch', {
      name: 'Use biometric login on this device',
    });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Enable Biometric Authentication' });
    expect(
      within(dialog).getByText(
        'Biometric authentication is not enabled on your device. Enable it in your settings for a faster login experience.',
      ),
    ).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(window.localStorage.getItem('sm_biometric')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);
});
