import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { service, stubApi } from '@/test/services-fixtures';
import { AddNicknameModal, RemoveNicknameModal } from './nickname-modal';

const prepare = `POST ${buildPath(apiPaths.setNicknamePrepare, { serviceid: 200101 })}`;
const commit = `POST ${buildPath(apiPaths.setNicknameCommit, { serviceid: 200101 })}`;

function setup(ui: ReactNode, commitAnswer?: () => Response) {
  signIn();
  const api = stubApi({
    [prepare]: () => jsonResponse({ data: { csrf: 'nick-csrf' } }),
    [commit]:
      commitAnswer ?? (() => jsonResponse({ data: { serviceid: 200101, nickname: 'Home' } })),
    [`GET ${apiPaths.services}`]: () => jsonResponse({ data: [] }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const user = userEvent.setup();
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { user, calls: api.calls, invalidate };
}

describe('Add Nickname', () => {
  it('counts the characters left as the nickname is typed, politely, and stops at 20', async () => {
    const { user } = setup(<AddNicknameModal service={service()} onClose={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    expect(input).toHaveFocus();
    const counter = screen.getByText('20 characters remaining');
    expect(counter).toHaveAttribute('aria-live', 'polite');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('20 characters remaining'));

    await user.type(input, 'Home');
    expect(counter).toHaveTextContent('16 characters remaining');

    await user.type(input, ' paddock bore!');
    expect(counter).toHaveTextContent('2 characters remaining');
    await user.type(input, 'xyz');
    expect(input).toHaveValue('Home paddock bore!xy');
    expect(counter).toHaveTextContent('0 characters remaining');
    await user.type(input, '{Backspace}');
    expect(counter).toHaveTextContent('1 character remaining');
  });

  it('saves with prepare then commit and reloads the services list', async () => {
    const onClose = vi.fn();
    const { user, calls, invalidate } = setup(
      <AddNicknameModal service={service()} onClose={onClose} />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), '  Home  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Sky Muster Plus SMP0200101 is now called Home.'),
    ).toHaveAttribute('role', 'status');
    expect(calls.map((c) => [`${c.method} ${c.path}`, c.body])).toEqual([
      [prepare, { nickname: 'Home' }],
      [commit, { nickname: 'Home', csrf: 'nick-csrf' }],
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['services', 'list'], exact: true });
    await user.click(screen.getAllByRole('button', { name: 'Close' })[1]!);
    expect(onClose).toHaveBeenCalled();
  });

  it('Edit Nickname starts from the current nickname and saves the new one', async () => {
    const { user, calls } = setup(
      <AddNicknameModal
        service={service({ nickname: 'Home', has_nickname: true })}
        onClose={() => {}}
        edit
      />,
    );
    expect(screen.getByRole('heading', { name: 'Edit Nickname' })).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Nickname' });
    expect(input).toHaveValue('Home');
    await user.clear(input);
    await user.type(input, 'Top shed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Sky Muster Plus SMP0200101 is now called Top shed.'),
    ).toHaveAttribute('role', 'status');
    expect(calls.map((c) => [`${c.method} ${c.path}`, c.body])).toEqual([
      [prepare, { nickname: 'Top shed' }],
      [commit, { nickname: 'Top shed', csrf: 'nick-csrf' }],
    ]);
  });

  it('asks for a nickname instead of sending an empty one', async () => {
    const { user, calls } = setup(<AddNicknameModal service={service()} onClose={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('Please enter a nickname, or select Close to leave it as it is.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls).toHaveLength(0);
  });

  it('returns to the form with the server text when saving fails', async () => {
    const { user } = setup(<AddNicknameModal service={service()} onClose={() => {}} />, () =>
      errorResponse(400, 'Invalid request: nickname must not contain control characters'),
    );
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), 'Shed');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: nickname must not contain control characters',
    );
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveValue('Shed');
    expect(screen.getByRole('dialog')).toHaveAttribute('data-status', '0');
  });
});

describe('Remove Nickname', () => {
  it('confirms, then sends an empty nickname', async () => {
    const { user, calls } = setup(
      <RemoveNicknameModal
        service={service({ nickname: 'Home', has_nickname: true })}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Remove Nickname' })).toHaveTextContent(
      'Remove the nickname Home from Sky Muster Plus SMP0200101?',
    );
    await user.click(screen.getByRole('button', { name: 'Remove' }));

    expect(
      await screen.findByText('The nickname has been removed from Sky Muster Plus SMP0200101.'),
    ).toHaveAttribute('role', 'status');
    expect(calls.map((c) => c.body)).toEqual([
      { nickname: '' },
      { nickname: '', csrf: 'nick-csrf' },
    ]);
  });
});
