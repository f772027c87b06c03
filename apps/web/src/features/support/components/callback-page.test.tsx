import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Callback, CallbackTimes } from '@outpost/contracts/callbacks';
import { callbackMessages } from '@outpost/domain/callback-slots';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { type FetchCall, stubApi } from '@/test/services-fixtures';
import { deviceTimeZone } from '../utils/time-zone';

const slot = (start: string, aest: string, local: string) => ({
  start,
  aest,
  zone: 'AEST',
  local,
  same: aest === local,
});

const times: CallbackTimes = {
  time_zone: 'Australia/Perth',
  teams: [
    {
      team: 'technical',
      name: 'Technical Support',
      hours: 'Monday to Friday 8am-8pm; weekends 8am-6pm; public holidays closed',
      days: [
        {
          date: '2026-12-01',
          label: 'Tue 1 Dec',
          slots: [
            slot('2026-12-01T00:30:00.000Z', '10:30 am', '8:30 am'),
            slot('2026-12-01T01:00:00.000Z', '11:00 am', '9:00 am'),
          ],
        },
        { date: '2026-12-02', label: 'Wed 2 Dec', slots: [] },
      ],
    },
    {
      team: 'sales',
      name: 'Sales & Accounts',
      hours: 'Monday to Friday 8am-6pm; Saturdays (sales only) 9am-5pm; public holidays closed',
      days: [
        {
          date: '2026-12-05',
          label: 'Sat 5 Dec',
          slots: [slot('2026-12-04T23:00:00.000Z', '9:00 am', '9:00 am')],
        },
      ],
    },
  ],
};

const booked: Callback = {
  callbackid: 7,
  team: 'technical',
  slot: '2026-12-01T00:30:00.000Z',
  summary: 'Technical Support, Tue 1 Dec 10:30 am AEST',
  phone: '0491570156',
  reason: 'Orange light',
  ticketid: 240009,
  ticket_number: 'T240009',
  cancellable: true,
  outcome: null,
  outcome_label: null,
};

const zone = deviceTimeZone();
const TIMES = `GET ${apiPaths.callbackTimes}?tz=${encodeURIComponent(zone)}`;

function setup({
  callbacks = [] as Callback[],
  commit,
  timesAnswer = () => jsonResponse({ data: times }),
}: {
  callbacks?: Callback[];
  commit?: (call: FetchCall) => Response | Promise<Response>;
  timesAnswer?: () => Response;
} = {}) {
  signIn();
  const api = stubApi({
    [TIMES]: timesAnswer,
    [`GET ${apiPaths.callbacks}`]: () => jsonResponse({ data: callbacks }),
    [`GET ${apiPaths.ownContact}`]: () =>
      jsonResponse({
        data: {
          title: 'Mr',
          given_names: 'Jordan',
          surname: 'Citizen',
          email: { email: 'jordan.citizen@example.com' },
          mobile: { phone: '0491570156' },
        },
      }),
    [`POST ${apiPaths.requestCallbackPrepare}`]: () => jsonResponse({ data: { csrf: 'c1' } }),
    [`POST ${apiPaths.requestCallbackCommit}`]: commit ?? (() => jsonResponse({ data: booked })),
    [`DELETE ${buildPath(apiPaths.callback, { callbackid: 7 })}`]: () =>
      jsonResponse({ data: { cancelled: true } }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp('/support/callback'), calls: api.calls };
}

describe('Request a Callback', () => {
  it("offers the teams, days and times in the caller's zone with AEST beside, and prefills the mobile", async () => {
    setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request a Callback' }),
    ).toBeInTheDocument();
    const team = await screen.findByRole('group', { name: 'Team' });
    expect(within(team).getByRole('radio', { name: /Technical Support/ })).toBeChecked();
    expect(within(team).getByText(times.teams[1]!.hours)).toBeInTheDocument();
    const time = screen.getByRole('group', { name: 'Time on Tue 1 Dec' });
    expect(
      within(time).getByRole('radio', { name: '8:30 am your time, 10:30 am AEST' }),
    ).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Number to call' })).toHaveValue('0491570156');
  });

  it('says when every time of a day is taken, and names Saturday sales', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: /Wed 2 Dec/ }));
    expect(screen.getByRole('radio', { name: /Wed 2 Dec/ })).toHaveAccessibleName(
      'Wed 2 Dec Fully booked',
    );
    expect(
      screen.getByText('Every time on Wed 2 Dec is taken. Please choose another day.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Sales & Accounts/ }));
    expect(screen.getByText('Saturdays: sales enquiries only.')).toBeInTheDocument();
    // Queensland time: AEST alone.
    expect(screen.getByRole('radio', { name: '9:00 am AEST' })).toBeInTheDocument();
  });

  it('checks the time, number and reason before anything is sent', async () => {
    const { user, calls } = setup();
    const phone = await screen.findByRole('textbox', { name: 'Number to call' });
    await user.clear(phone);
    await user.type(phone, '0491 570');
    await user.click(screen.getByRole('button', { name: 'Review and book' }));
    expect(await screen.findByText('Choose a time for the call.')).toBeInTheDocument();
    expect(screen.getByText(callbackMessages.phoneDigits)).toBeInTheDocument();
    expect(screen.getByText(callbackMessages.reasonRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('books once through prepare and commit and shows the time and ticket number', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('radio', { name: /^8:30 am/ }));
    await user.type(
      screen.getByRole('textbox', { name: 'What is the call about?' }),
      'Orange light',
    );
    await user.click(screen.getByRole('button', { name: 'Review and book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a Callback' });
    expect(within(dialog).getByText('Tue 1 Dec, 8:30 am your time (10:30 am AEST)')).toBeVisible();
    const book = within(dialog).getByRole('button', { name: 'Book the call' });
    await user.dblClick(book);
    expect(
      await within(dialog).findByText(
        'Technical Support will call you on 0491 570 156 on Tue 1 Dec, 8:30 am your time (10:30 am AEST). Your ticket number is T240009.',
      ),
    ).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual([
      apiPaths.requestCallbackPrepare,
      apiPaths.requestCallbackCommit,
    ]);
    expect(posts[1]!.body).toEqual({
      team: 'technical',
      slot: '2026-12-01T00:30:00.000Z',
      phone: '0491570156',
      reason: 'Orange light',
      time_zone: zone,
      csrf: 'c1',
    });
  });

  it('shows a taken time plainly and reloads the times', async () => {
    const { user, calls } = setup({
      commit: () =>
        jsonResponse(
          { data: { error: 'That time has just been taken. Please choose another.' } },
          409,
        ),
    });
    await user.click(await screen.findByRole('radio', { name: /^8:30 am/ }));
    await user.type(screen.getByRole('textbox', { name: 'What is the call about?' }), 'Orange');
    await user.click(screen.getByRole('button', { name: 'Review and book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a Callback' });
    await user.click(within(dialog).getByRole('button', { name: 'Book the call' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That time has just been taken. Please choose another.',
    );
    await waitFor(() =>
      expect(calls.filter((c) => `GET ${c.path}` === TIMES).length).toBeGreaterThan(1),
    );
  });

  it('lists the callbacks and cancels one after confirming', async () => {
    const { user, calls } = setup({ callbacks: [booked] });
    const list = await screen.findByRole('region', { name: 'Your callbacks' });
    expect(await within(list).findByText(booked.summary)).toBeInTheDocument();
    expect(within(list).getByText('We will call 0491570156 · Ticket T240009')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /^Cancel/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Callback' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the callback' }));
    expect(await within(list).findByRole('status')).toHaveTextContent(
      `Your callback (${booked.summary}) has been cancelled.`,
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows what became of an ended callback, with no Cancel', async () => {
    setup({
      callbacks: [
        { ...booked, cancellable: false, outcome: 'no_answer', outcome_label: 'No answer' },
      ],
    });
    const list = await screen.findByRole('region', { name: 'Your callbacks' });
    expect(await within(list).findByText('No answer')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('shows a failed load with Try again', async () => {
    let fail = true;
    const { user } = setup({
      timesAnswer: () =>
        fail
          ? jsonResponse({ data: { error: 'Internal error: please try again later.' } }, 500)
          : jsonResponse({ data: times }),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('group', { name: 'Team' })).toBeInTheDocument();
  });
});
