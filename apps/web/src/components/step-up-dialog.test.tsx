import { apiPaths } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { apiData } from '@/lib/api-client';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { type FetchCall, stubApi } from '@/test/services-fixtures';
import { useStepUp } from './step-up-dialog';

const ACTION = '/api/portal/test/high-risk/';
const SEND = `POST ${apiPaths.stepUpSend}`;
const VERIFY = `POST ${apiPaths.stepUpVerify}`;
const WRONG =
  'That code is not right, or it has expired. Check it, or send a new code and try again.';
const EMAILED =
  'We have emailed a 6-digit code to the address on your contact details. It expires in 10 minutes.';

/** A page with one high-risk button, run through the step-up. */
function Harness() {
  const stepUp = useStepUp();
  const [result, setResult] = useState('');
  const handleClick = () => {
    stepUp
      .run(() => apiData<{ done: boolean }>(ACTION, { method: 'POST', body: {} }))
      .then(
        () => setResult('Done'),
        (error: Error) => setResult(`Failed: ${error.message}`),
      );
  };
  return (
    <>
      <button type="button" onClick={handleClick}>
        Make the change
      </button>
      <p>{result}</p>
      {stepUp.dialog}
    </>
  );
}

function setup({
  action,
  verify = () => jsonResponse({ data: { verified_until: '2026-11-24T10:10:00.000Z' } }),
  send = () => jsonResponse({ data: { method: 'email', delivery: EMAILED } }),
}: {
  action: (call: FetchCall, attempt: number) => Response;
  verify?: (call: FetchCall) => Response;
  send?: () => Response;
}) {
  signIn();
  let attempts = 0;
  const api = stubApi({
    [`POST ${ACTION}`]: (call) => action(call, (attempts += 1)),
    [SEND]: send,
    [VERIFY]: verify,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
  const calls = () => api.calls.map((c) => `${c.method} ${c.path}`);
  return { user, calls, api };
}

const needsCode = (_call: FetchCall, attempt: number) =>
  attempt === 1
    ? errorResponse(403, serverErrors.stepUpRequired)
    : jsonResponse({ data: { done: true } });

describe('useStepUp', () => {
  it('runs the action at once when no code is needed', async () => {
    const { user, calls } = setup({ action: () => jsonResponse({ data: { done: true } }) });
    await user.click(screen.getByRole('button', { name: 'Make the change' }));
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(calls()).toEqual([`POST ${ACTION}`]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for a code on the 403, verifies it and runs the action again', async () => {
    const { user, calls, api } = setup({ action: needsCode });
    await user.click(screen.getByRole('button', { name: 'Make the change' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(await screen.findByText(EMAILED)).toHaveAttribute('role', 'status');
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(dialog).toContainElement(screen.getByRole('button', { name: 'Send a new code' }));

    await user.type(code, '12a3 456');
    expect(code).toHaveValue('123456');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls()).toEqual([`POST ${ACTION}`, SEND, VERIFY, `POST ${ACTION}`]);
    expect(api.calls[2]?.body).toEqual({ code: '123456' });
  });

  it('says a wrong code is wrong, keeps the dialog open and takes another', async () => {
    let tries = 0;
    const { user, calls } = setup({
      action: needsCode,
      verify: () =>
        (tries += 1) === 1
          ? errorResponse(400, WRONG)
          : jsonResponse({ data: { verified_until: '2026-11-24T10:10:00.000Z' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Make the change' }));
    await screen.findByText(EMAILED);
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(calls().filter((c) => c === `POST ${ACTION}`)).toHaveLength(1);

    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Done')).toBeInTheDocument();
  });

  it('checks the code has 6 digits before sending it', async () => {
    const { user, calls } = setup({ action: needsCode });
    await user.click(screen.getByRole('button', { name: 'Make the change' }));
    await screen.findByText(EMAILED);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is 6 digits.')).toBeInTheDocument();
    expect(calls()).not.toContain(VERIFY);
  });

  it('sends a new code on request, and shows a failed send in the dialog', async () => {
    let sends = 0;
    const { user, calls } = setup({
      action: needsCode,
      send: () =>
        (sends += 1) === 1
          ? jsonResponse({ data: { method: 'email', delivery: EMAILED } })
          : errorResponse(429, 'Too many codes requested. Please wait 15 minutes, then try again.'),
    });
    await user.click(screen.getByRole('button', { name: 'Make the change' }));
    await screen.findByText(EMAILED);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many codes requested. Please wait 15 minutes, then try again.',
    );
    expect(calls().filter((c) => c === SEND)).toHaveLength(2);
  });

  it('offers no new code for an authenticator app', async () => {
    const { user } = setup({
      action: needsCode,
      send: () =>
        jsonResponse({
          data: {
            method: 'totp',
            delivery:
              'Open your authenticator app and enter the 6-digit code it shows for your account.',
          },
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Make the change' }));
    expect(
      await screen.findByText(
        'Open your authenticator app and enter the 6-digit code it shows for your account.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
  });

  it("fails the action with the server's words when the dialog is closed", async () => {
    const { user, calls } = setup({ action: needsCode });
    await user.click(screen.getByRole('button', { name: 'Make the change' }));
    await screen.findByText(EMAILED);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(`Failed: ${serverErrors.stepUpRequired}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().filter((c) => c === `POST ${ACTION}`)).toHaveLength(1);
  });
});
