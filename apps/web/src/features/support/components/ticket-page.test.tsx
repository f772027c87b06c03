import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { ticketTexts } from '@outpost/domain/tickets-rules';
import { messages } from '@outpost/contracts/messages';
import type { TicketDetail, TicketListItem } from '@outpost/contracts/tickets';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { offlineMessages } from '@/lib/online';
import { reportAnswer } from '@/lib/reachability';
import { renderApp } from '@/test/render-app';
import { stubApi } from '@/test/services-fixtures';

const waiting: TicketDetail = {
  ticketid: 240003,
  number: 'T240003',
  subject: 'Modem drops out every afternoon',
  category: 'Technical fault',
  service_name: 'Sky Muster Plus AVC000123456789',
  serviceid: 200101,
  status: 'Waiting',
  status_label: 'Attention',
  created: '2026-11-22T02:00:00.000Z',
  updated: '2026-11-24T00:30:00.000Z',
  messages: [
    {
      id: 1,
      from_customer: true,
      author_name: 'Jordan Citizen',
      on_behalf_of: null,
      body: 'It drops out most afternoons.',
      created: '2026-11-22T02:00:00.000Z',
      attachments: [
        { attachmentid: 1001, filename: 'modem-lights.png', content_type: 'image/png', size: 2048 },
      ],
    },
    {
      id: 2,
      from_customer: false,
      author_name: 'Sam (Support team)',
      on_behalf_of: null,
      body: 'Has the dish moved lately?',
      created: '2026-11-24T00:30:00.000Z',
      attachments: [],
    },
  ],
};

const listItem = (overrides: Partial<TicketListItem> = {}): TicketListItem => ({
  ticketid: 240003,
  number: 'T240003',
  subject: 'Modem drops out every afternoon',
  category: 'Technical fault',
  service_name: null,
  status: 'Waiting',
  status_label: 'Attention',
  created: '2026-11-22T02:00:00.000Z',
  updated: '2026-11-24T00:30:00.000Z',
  ...overrides,
});

const REPLY = `POST ${buildPath(apiPaths.supportTicketReply, { ticketid: 240003 })}`;

describe('a ticket', () => {
  it('shows the conversation, each side named, in AEST, with the attachment', async () => {
    signIn();
    const api = stubApi({
      [`GET ${buildPath(apiPaths.supportTicket, { ticketid: 240003 })}`]: () =>
        jsonResponse({ data: waiting }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderApp('/support/my-tickets/240003');
    expect(await screen.findByRole('heading', { level: 2, name: waiting.subject })).toBeVisible();
    expect(screen.getByText('Attention')).toHaveClass('ticket-status--waiting');
    const items = within(screen.getByRole('region', { name: 'Conversation' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveClass('ticket-message--customer');
    expect(items[0]).toHaveTextContent('Jordan Citizen (your side)22/11/26 12:00 pm AEST');
    expect(
      within(items[0]!).getByRole('button', { name: /^modem-lights\.png \(2 KB\)/ }),
    ).toBeInTheDocument();
    expect(items[items.length - 1]).toHaveClass('ticket-message--provider');
    expect(items[items.length - 1]).toHaveTextContent('Sam (Support team) (our support team)');
  });

  it('names a staff member who wrote in a staff-assisted session as staff, for the customer', async () => {
    signIn();
    const byStaff: TicketDetail = {
      ...waiting,
      messages: [
        ...waiting.messages,
        {
          id: 3,
          from_customer: false,
          author_name: 'Sam Support',
          on_behalf_of: 'Jordan Citizen',
          body: 'Jordan says the dish was re-pointed last week.',
          created: '2026-11-24T01:00:00.000Z',
          attachments: [],
        },
      ],
    };
    const api = stubApi({
      [`GET ${buildPath(apiPaths.supportTicket, { ticketid: 240003 })}`]: () =>
        jsonResponse({ data: byStaff }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderApp('/support/my-tickets/240003');
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    const items = await within(conversation).findAllByRole('listitem');
    const last = items[items.length - 1]!;
    expect(last).toHaveClass('ticket-message--provider');
    expect(last).toHaveTextContent('Sam Support (staff, for Jordan Citizen)');
    expect(last).not.toHaveTextContent('your side');
  });

  it('a reply that cannot get through waits with the reason, and can be sent again once the server answers', async () => {
    signIn();
    let lost = true;
    const api = stubApi({
      [`GET ${buildPath(apiPaths.supportTicket, { ticketid: 240003 })}`]: () =>
        jsonResponse({ data: waiting }),
      [REPLY]: () =>
        lost
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse({ data: { ...waiting, status: 'Open', status_label: 'Open' } }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    const { user } = renderApp('/support/my-tickets/240003');
    await user.type(await screen.findByLabelText('Your message'), 'No, it has not moved.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));

    // No answer at all (the link is down though the device says online): the button waits.
    const send = await screen.findByRole('button', { name: 'Send reply' });
    await vi.waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveAccessibleDescription(offlineMessages.actionReason);
    expect(screen.getByLabelText('Your message')).toHaveValue('No, it has not moved.');

    lost = false;
    act(() => reportAnswer());
    expect(send).toBeEnabled();
    expect(screen.queryByText(offlineMessages.actionReason)).not.toBeInTheDocument();
  });

  it('sends a reply once, shows it in the conversation and the new status', async () => {
    signIn();
    let answer: (r: Response) => void = () => {};
    const api = stubApi({
      [`GET ${buildPath(apiPaths.supportTicket, { ticketid: 240003 })}`]: () =>
        jsonResponse({ data: waiting }),
      [REPLY]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    const { user } = renderApp('/support/my-tickets/240003');
    await user.click(await screen.findByRole('button', { name: 'Send reply' }));
    expect(screen.getByText(ticketTexts.required)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your message'), 'No, it has not moved.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    answer(
      jsonResponse({
        data: {
          message: {
            id: 3,
            from_customer: true,
            author_name: 'Jordan Citizen',
            on_behalf_of: null,
            body: 'No, it has not moved.',
            created: '2026-11-24T01:00:00.000Z',
            attachments: [],
          },
          status: 'Open',
          status_label: 'In Progress',
        },
      }),
    );
    expect(await screen.findByText(ticketTexts.replySent)).toBeInTheDocument();
    expect(screen.getByText('No, it has not moved.')).toBeInTheDocument();
    expect(screen.getByText('In Progress')).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveValue('');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says so when sending fails, and keeps what was typed', async () => {
    signIn();
    const api = stubApi({
      [`GET ${buildPath(apiPaths.supportTicket, { ticketid: 240003 })}`]: () =>
        jsonResponse({ data: waiting }),
      [REPLY]: () => errorResponse(500, 'Internal error: boom'),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    const { user } = renderApp('/support/my-tickets/240003');
    await user.type(await screen.findByLabelText('Your message'), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(messages.tickets.sendFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveValue('Hello?');
  });
});

describe('My Tickets', () => {
  it('lists the tickets with their labels and links, and offers Make a Request', async () => {
    signIn();
    const api = stubApi({
      [`GET ${apiPaths.supportTickets}`]: () =>
        jsonResponse({
          data: [
            listItem(),
            listItem({
              ticketid: 240001,
              number: 'T240001',
              subject: 'Crackle',
              status: 'Resolved',
              status_label: 'Completed',
            }),
          ],
        }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderApp('/support/my-tickets');
    await screen.findByText('Crackle');
    const link = screen.getByText('T240003').closest('a');
    expect(link).toHaveAttribute('href', '/support/my-tickets/240003');
    expect(screen.getAllByText('General')).toHaveLength(2);
    expect(screen.getByText('Completed')).toHaveClass('ticket-status--resolved');
    expect(screen.getByRole('link', { name: 'Make a Request' })).toHaveAttribute(
      'href',
      '/support/new-ticket',
    );
  });

  it('says when there are none', async () => {
    signIn();
    const api = stubApi({ [`GET ${apiPaths.supportTickets}`]: () => jsonResponse({ data: [] }) });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderApp('/support/my-tickets');
    expect(await screen.findByText(/You have no support tickets/)).toBeInTheDocument();
  });

  it('shows the load message with Try again, which loads again', async () => {
    signIn();
    let fail = true;
    const api = stubApi({
      [`GET ${apiPaths.supportTickets}`]: () =>
        fail ? errorResponse(500, 'Internal error: down') : jsonResponse({ data: [listItem()] }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    const { user } = renderApp('/support/my-tickets');
    expect(await screen.findByText(messages.tickets.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Modem drops out every afternoon')).toBeInTheDocument();
  });
});
