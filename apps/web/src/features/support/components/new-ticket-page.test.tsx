import { apiPaths } from '@outpost/contracts/api-paths';
import { ATTACHMENT_MAX_BYTES, ticketTexts } from '@outpost/domain/tickets-rules';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { service, stubApi } from '@/test/services-fixtures';

const services = [
  service({ serviceid: 200101, technology: 'Sky Muster Plus', identifier: 'SMP0200101' }),
  service({
    serviceid: 200103,
    technology: 'Landline',
    identifier: '0746581234',
    nickname: 'Kitchen phone',
  }),
];

function setup(
  path = '/support/new-ticket?serviceid=200103',
  commit: () => Response | Promise<Response> = () =>
    jsonResponse({ data: { ticketid: 240123, number: 'T240123' } }),
) {
  signIn();
  const api = stubApi({
    [`GET ${apiPaths.services}`]: () => jsonResponse({ data: services }),
    [`POST ${apiPaths.newTicketPrepare}`]: () => jsonResponse({ data: { csrf: 'csrf-1' } }),
    [`POST ${apiPaths.newTicketCommit}`]: commit,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp(path), calls: api.calls };
}

describe('Make a Request', () => {
  it('preselects the service it was opened for and sends the request once, however often clicked', async () => {
    let answer: (r: Response) => void = () => {};
    const { user, calls } = setup(
      undefined,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    expect(await screen.findByLabelText('Service')).toHaveValue('200103');
    expect(
      screen.getByRole('option', { name: 'Kitchen phone (Landline 07 4658 1234)' }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Phone service');
    await user.type(screen.getByLabelText('Subject'), 'Crackle on the line');
    await user.type(screen.getByLabelText('Details'), 'Every time it rains.');
    const send = screen.getByRole('button', { name: 'Send request' });
    await user.click(send);
    await user.click(send);
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sending…' }));
    answer(jsonResponse({ data: { ticketid: 240123, number: 'T240123' } }));
    const created = await screen.findByRole('heading', { name: 'Ticket T240123 created' });
    await waitFor(() => expect(created).toHaveFocus());
    expect(screen.getByRole('link', { name: 'View ticket T240123' })).toHaveAttribute(
      'href',
      '/support/my-tickets/240123',
    );
    const commits = calls.filter((c) => c.path === apiPaths.newTicketCommit);
    expect(commits).toHaveLength(1);
    expect(commits[0]!.body).toEqual({
      category: 'Phone service',
      serviceid: 200103,
      subject: 'Crackle on the line',
      description: 'Every time it rains.',
      attachment: null,
      csrf: 'csrf-1',
    });
  });

  it('says what is missing under each field and sends nothing', async () => {
    const { user, calls } = setup('/support/new-ticket');
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findAllByText(ticketTexts.required)).toHaveLength(3);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a file over 5 MB before sending it, with the server’s words', async () => {
    const { user } = setup('/support/new-ticket');
    const big = new File(['x'], 'video.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: ATTACHMENT_MAX_BYTES + 1 });
    await user.upload(await screen.findByLabelText('Attachment (optional)'), big);
    expect(screen.getByText(ticketTexts.attachmentTooBig)).toBeInTheDocument();
    expect(screen.getByLabelText('Attachment (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('holds the request back after a refused 6 MB file until it is removed or replaced', async () => {
    const { user, calls } = setup('/support/new-ticket');
    const big = new File(['x'], 'storm.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    const input = await screen.findByLabelText('Attachment (optional)');
    await user.upload(input, big);
    expect(screen.getByText('storm.pdf is not attached.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Technical fault');
    await user.type(screen.getByLabelText('Subject'), 'Dish');
    await user.type(screen.getByLabelText('Details'), 'See the file.');

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Remove this file or choose another before sending your request.',
    );
    expect(input).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Replaced by a file that fits: that one is sent.
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'dish.png', {
      type: 'image/png',
    });
    await user.upload(input, photo);
    expect(screen.queryByText('storm.pdf is not attached.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('heading', { name: 'Ticket T240123 created' });
    const commit = calls.find((c) => c.path === apiPaths.newTicketCommit)!;
    expect((commit.body as { attachment: { filename: string } }).attachment.filename).toBe(
      'dish.png',
    );
  });

  it('sends without the refused file once the customer removes it', async () => {
    const { user, calls } = setup('/support/new-ticket');
    const big = new File(['x'], 'storm.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(await screen.findByLabelText('Attachment (optional)'), big);
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Technical fault');
    await user.type(screen.getByLabelText('Subject'), 'Dish');
    await user.type(screen.getByLabelText('Details'), 'No file after all.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove storm.pdf' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('heading', { name: 'Ticket T240123 created' });
    const commit = calls.find((c) => c.path === apiPaths.newTicketCommit)!;
    expect((commit.body as { attachment: unknown }).attachment).toBeNull();
  });

  it('sends the file’s name and size at prepare and its bytes only with the commit', async () => {
    const { user, calls } = setup('/support/new-ticket');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'lights.png', {
      type: 'image/png',
    });
    await user.upload(await screen.findByLabelText('Attachment (optional)'), photo);
    // The chosen file, its name and size, with a way to take it off.
    expect(screen.getByText('(4 bytes)').parentElement).toHaveTextContent('lights.png (4 bytes)');
    expect(screen.getByRole('button', { name: 'Remove lights.png' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Technical fault');
    await user.type(screen.getByLabelText('Subject'), 'Lights');
    await user.type(screen.getByLabelText('Details'), 'See the photo.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('heading', { name: 'Ticket T240123 created' });
    const prepare = calls.find((c) => c.path === apiPaths.newTicketPrepare)!;
    const commit = calls.find((c) => c.path === apiPaths.newTicketCommit)!;
    expect((prepare.body as { attachment: unknown }).attachment).toEqual({
      filename: 'lights.png',
      size: 4,
    });
    expect((commit.body as { attachment: unknown }).attachment).toEqual({
      filename: 'lights.png',
      size: 4,
      content: 'iVBORw==',
    });
  });
});
