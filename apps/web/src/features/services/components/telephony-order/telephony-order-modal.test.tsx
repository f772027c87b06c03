import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { BRAND_GLOBAL } from '@outpost/contracts/brand';
import { applicationMessages } from '@outpost/domain/application-rules';
import type { Service } from '@outpost/contracts/services';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { jsonResponse, signIn } from '@/test/fixtures';
import { service, stubApi } from '@/test/services-fixtures';
import { WIZARD_STORAGE_PREFIX } from '@/lib/wizard-storage';
import {
  LandlineTransferModal,
  NEW_VOIP_TIME,
  NewVoipModal,
  VOIP_TRANSFER_TIME,
  VoipTransferModal,
} from './telephony-order-modal';

const landline = service({
  serviceid: 200103,
  type: 'Telephony',
  technology: 'Landline',
  identifier: '0755500123',
  can_transfer: true,
});
const voip = service({
  serviceid: 200104,
  type: 'Telephony',
  technology: 'VOIP',
  identifier: '0755500456',
  can_transfer: true,
  can_ordernew: true,
});

const providers = [
  { value: 'telstra', label: 'Telstra' },
  { value: 'optus', label: 'Optus' },
];
const result = { data: { orderid: 31, ticketid: 240031, number: 'T240031' } };

type Answer = () => Response;

function setup(
  Modal: typeof LandlineTransferModal,
  svc: Service,
  answers: { prepare?: Answer; commit?: Answer } = {},
) {
  signIn();
  const api = stubApi({
    [`GET ${apiPaths.landlineProviders}`]: () => jsonResponse({ data: providers }),
    [`GET ${apiPaths.voipProviders}`]: () => jsonResponse({ data: providers }),
    [`GET ${buildPath(apiPaths.page, { slug: 'landline-transfer-terms' })}`]: () =>
      jsonResponse({ data: { title: 'Terms', body: '<h2>1. Broadband</h2>' } }),
    [`POST ${apiPaths.prepareOrder}`]:
      answers.prepare ?? (() => jsonResponse({ data: { csrf: 'c1' } })),
    [`POST ${apiPaths.commitOrder}`]: answers.commit ?? (() => jsonResponse(result)),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <Modal service={svc} onClose={onClose} terms={<p>The terms text</p>} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { user, calls: api.calls, onClose, view };
}

const next = () => screen.getByRole('button', { name: 'Next' });
const dialog = () => screen.getByRole('dialog');

async function fillDetails(user: ReturnType<typeof userEvent.setup>, transfer = true) {
  if (transfer) await user.type(screen.getByLabelText(/^Number/), '07 4658 1234');
  await user.type(screen.getByLabelText('First Name'), 'Jordan');
  await user.type(screen.getByLabelText('Last Name'), 'Citizen');
  await user.type(screen.getByLabelText('Date of Birth'), '1970-05-01');
  if (transfer) {
    const provider = screen.getByLabelText('Current Provider');
    await within(provider).findByRole('option', { name: 'Telstra' });
    await user.selectOptions(provider, 'telstra');
    await user.type(screen.getByLabelText(/^Account Number/), '1234567890');
  }
}

afterEach(() => window.sessionStorage.clear());

describe('Landline transfer', () => {
  it('needs More Information before the acknowledgement can be ticked', async () => {
    const { user } = setup(LandlineTransferModal, landline);
    await fillDetails(user);
    const box = screen.getByRole('checkbox', { name: /Priority Assistance/ });
    await user.click(box);
    expect(box).not.toBeChecked();
    expect(screen.getByText(applicationMessages.acknowledge)).toBeInTheDocument();

    await user.click(next());
    expect(screen.getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(box).toHaveFocus();

    const more = screen.getByRole('button', { name: 'More Information' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Priority Assistance is a service/)).toBeVisible();
    await user.click(box);
    expect(box).toBeChecked();
    expect(screen.queryByText(applicationMessages.acknowledge)).toBeNull();
    // Closing the information again keeps the box tickable.
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Priority Assistance is a service/)).not.toBeVisible();
    await user.click(box);
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(next());
    expect(screen.getByRole('heading', { name: 'Service Address' })).toBeInTheDocument();
  });

  it('shows the required messages on the details step; editing a field clears its error', async () => {
    const { user } = setup(LandlineTransferModal, landline);
    await user.click(next());
    for (const text of [
      applicationMessages.number,
      applicationMessages.firstName,
      applicationMessages.lastName,
      applicationMessages.dob,
      applicationMessages.provider,
      applicationMessages.account,
      applicationMessages.acknowledge,
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Number/)).toHaveFocus();
    await user.type(screen.getByLabelText('First Name'), 'J');
    expect(screen.queryByText(applicationMessages.firstName)).toBeNull();
    expect(screen.getByText(applicationMessages.lastName)).toBeInTheDocument();
  });

  it("gives the brand's help number in the Priority Assistance information, not spec 2's", async () => {
    const { user } = setup(LandlineTransferModal, landline);
    await user.click(screen.getByRole('button', { name: 'More Information' }));
    expect(
      screen
        .getByText(/Priority Assistance is a service/)
        .textContent?.endsWith('If someone does, please call us on 1300 975 707 instead.'),
    ).toBe(true);
    expect(screen.queryByText(/1300 759 637/)).toBeNull();
  });

  it("gives another brand's help number, grouped however the brand wrote it", async () => {
    (window as unknown as Record<string, unknown>)[BRAND_GLOBAL] = { helpPhone: '1300555210' };
    try {
      const { user } = setup(LandlineTransferModal, landline);
      await user.click(screen.getByRole('button', { name: 'More Information' }));
      expect(screen.getByText(/Priority Assistance is a service/)).toHaveTextContent(
        'If someone does, please call us on 1300 555 210 instead.',
      );
    } finally {
      delete (window as unknown as Record<string, unknown>)[BRAND_GLOBAL];
    }
  });

  it('walks the five steps: Next on the terms only once I AGREE is typed; sends the agreement', async () => {
    const track = vi.spyOn(analytics, 'track');
    const { user, calls } = setup(LandlineTransferModal, landline);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'More Information' }));
    await user.click(screen.getByRole('checkbox', { name: /Priority Assistance/ }));
    await user.click(next());

    // The service's address is prefilled; Back does not validate.
    expect(screen.getByLabelText('Address')).toHaveValue('12 Dingo Creek Rd');
    await user.clear(screen.getByLabelText('Suburb'));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    await user.click(next());
    await user.click(next());
    expect(screen.getByText(applicationMessages.suburb)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Suburb'), 'Longreach');
    await user.click(next());

    expect(screen.getByRole('heading', { name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Landline transfer terms' })).toHaveTextContent(
      'The terms text',
    );
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    const agree = screen.getByLabelText('Type I AGREE to accept the terms');
    await user.type(agree, 'i agre');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.type(agree, 'e');
    await user.click(next());

    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('Telstra');
    expect(dialog()).toHaveTextContent('01/05/1970');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'Thank you. Your order number is 31 and your ticket number is T240031.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View ticket T240031 in My Tickets' })).toHaveAttribute(
      'href',
      '/support/my-tickets/240031',
    );
    expect(track).toHaveBeenCalledWith('Transfer Landline', undefined);

    const prepare = calls.find((c) => c.path === apiPaths.prepareOrder)!.body as Record<
      string,
      unknown
    >;
    expect(prepare).toMatchObject({
      serviceid: 200103,
      agreement: 'i agree',
      application: {
        type: 'Telephony',
        technology: 'Landline',
        telephony: {
          is_transfer: 1,
          transfer: {
            phone_number: '07 4658 1234',
            current_provider: 'telstra',
            account_number: '1234567890',
          },
        },
        applicant: { given_names: 'Jordan', surname: 'Citizen', date_of_birth: '1970-05-01' },
        address: { street_address: '12 Dingo Creek Rd', suburb: 'Longreach', state: 'QLD' },
      },
    });
    expect(typeof prepare.agreed_at).toBe('string');
    expect(calls.find((c) => c.path === apiPaths.commitOrder)!.body).toMatchObject({
      csrf: 'c1',
    });
    // Success forgets the kept progress.
    expect(
      window.sessionStorage.getItem(`${WIZARD_STORAGE_PREFIX}transfer-landline:200103`),
    ).toBeNull();
  });

  async function toConfirm(user: ReturnType<typeof userEvent.setup>) {
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'More Information' }));
    await user.click(screen.getByRole('checkbox', { name: /Priority Assistance/ }));
    await user.click(next());
    await user.click(next());
    await user.type(screen.getByLabelText('Type I AGREE to accept the terms'), 'I AGREE');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
  }

  it("puts the server's field errors on their fields, on their step", async () => {
    const { user } = setup(LandlineTransferModal, landline, {
      prepare: () =>
        jsonResponse(
          {
            data: {
              error: 'Please check the application.',
              fields: { 'applicant.date_of_birth': 'The applicant must be 18 or older.' },
            },
          },
          400,
        ),
    });
    await toConfirm(user);
    expect(await screen.findByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the application.');
    expect(screen.getByText('The applicant must be 18 or older.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of Birth')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's field errors on a step never opened since a reload", async () => {
    window.sessionStorage.setItem(
      `${WIZARD_STORAGE_PREFIX}transfer-landline:200103`,
      JSON.stringify({
        trail: ['details', 'address', 'terms', 'confirm'],
        values: {
          application: {
            phone_number: '07 4658 1234',
            current_provider: 'telstra',
            account_number: '1',
            given_names: 'Jo',
            surname: 'Citizen',
            date_of_birth: '1970-05-01',
            street_address: '1 Eagle St',
            suburb: 'Longreach',
            state: 'QLD',
            postcode: '4730',
            more_info: true,
            acknowledged: true,
            agreement: 'I AGREE',
            agreed_at: '2026-11-25T01:00:00.000Z',
          },
        },
      }),
    );
    const { user, calls } = setup(LandlineTransferModal, landline, {
      prepare: () =>
        jsonResponse(
          { data: { error: 'Please check.', fields: { 'address.postcode': 'Not in QLD.' } } },
          400,
        ),
    });
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Service Address' })).toBeInTheDocument();
    expect(screen.getByText('Not in QLD.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === apiPaths.prepareOrder)!.body).toMatchObject({
      agreement: 'I AGREE',
      agreed_at: '2026-11-25T01:00:00.000Z',
    });
  });

  it('an agreement the server refuses (too old) is typed again, with a new time', async () => {
    let refused = false;
    const { user, calls } = setup(LandlineTransferModal, landline, {
      prepare: () => {
        if (refused) return jsonResponse({ data: { csrf: 'c3' } });
        refused = true;
        return jsonResponse(
          {
            data: {
              error: 'Invalid request: Please type I AGREE to accept the terms.',
              fields: { agreement: applicationMessages.agree },
            },
          },
          400,
        );
      },
    });
    await toConfirm(user);
    expect(await screen.findByRole('heading', { name: 'Terms & Conditions' })).toBeInTheDocument();
    const agree = screen.getByLabelText('Type I AGREE to accept the terms');
    expect(agree).toHaveValue('');
    expect(agree).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.type(agree, 'I AGREE');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(/your ticket number is T240031/);
    const [first, second] = calls
      .filter((c) => c.path === apiPaths.prepareOrder)
      .map((c) => (c.body as { agreed_at: string }).agreed_at);
    expect(Date.parse(second!)).toBeGreaterThanOrEqual(Date.parse(first!));
    expect(second).not.toBe('');
  });

  it('a failed prepare returns to the service address, a failed commit to the details', async () => {
    let commits = 0;
    const { user } = setup(LandlineTransferModal, landline, {
      prepare: () =>
        commits === 0
          ? jsonResponse({ data: { error: 'This service cannot take that order.' } }, 409)
          : jsonResponse({ data: { csrf: 'c2' } }),
      commit: () => jsonResponse({ data: { error: 'The order could not be placed.' } }, 409),
    });
    await toConfirm(user);
    expect(await screen.findByRole('heading', { name: 'Service Address' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This service cannot take that order.');

    commits = 1;
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The order could not be placed.');
  });

  it('keeps its step and values across a reload, and forgets them on close', async () => {
    const first = setup(LandlineTransferModal, landline);
    await fillDetails(first.user);
    await first.user.click(screen.getByRole('button', { name: 'More Information' }));
    await first.user.click(screen.getByRole('checkbox', { name: /Priority Assistance/ }));
    await first.user.click(next());
    first.view.unmount();

    const again = setup(LandlineTransferModal, landline);
    expect(screen.getByRole('heading', { name: 'Service Address' })).toBeInTheDocument();
    await again.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('First Name')).toHaveValue('Jordan');
    expect(screen.getByRole('checkbox', { name: /Priority Assistance/ })).toBeChecked();
    await again.user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(again.onClose).toHaveBeenCalled();
    expect(
      window.sessionStorage.getItem(`${WIZARD_STORAGE_PREFIX}transfer-landline:200103`),
    ).toBeNull();
  });
});

describe('VoIP transfer', () => {
  it('has no acknowledgement or terms, says how long it takes, tracks Transfer VOIP', async () => {
    const track = vi.spyOn(analytics, 'track');
    const { user, calls } = setup(VoipTransferModal, voip);
    await fillDetails(user);
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(next());
    await user.click(next());
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(screen.getByText(VOIP_TRANSFER_TIME)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/your ticket number is T240031/)).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('Transfer VOIP', undefined);
    const body = calls.find((c) => c.path === apiPaths.prepareOrder)!.body as Record<
      string,
      unknown
    >;
    expect(body).not.toHaveProperty('agreement');
    expect(body).toMatchObject({ application: { technology: 'VOIP' } });
  });
});

describe('New VoIP order', () => {
  it('asks for the applicant and address on one step; a failure returns there', async () => {
    const { user, calls } = setup(
      NewVoipModal,
      { ...voip, addr_line: '', addr_suburb: '' },
      {
        prepare: () => jsonResponse({ data: { error: 'No new VoIP on this service.' } }, 409),
      },
    );
    expect(screen.queryByLabelText(/^Number/)).toBeNull();
    await user.click(next());
    for (const text of [
      applicationMessages.firstName,
      applicationMessages.lastName,
      applicationMessages.dob,
      applicationMessages.address,
      applicationMessages.suburb,
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    await fillDetails(user, false);
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.type(screen.getByLabelText('Suburb'), 'Longreach');
    await user.click(next());
    expect(screen.getByText(NEW_VOIP_TIME)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No new VoIP on this service.');
    expect(calls.find((c) => c.path === apiPaths.prepareOrder)!.body).toMatchObject({
      application: { technology: 'VOIP', telephony: { is_transfer: 0 } },
    });
  });
});
