import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { TelephonyFeature } from '@outpost/contracts/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, signIn } from '@/test/fixtures';
import { service, stubApi } from '@/test/services-fixtures';
import { LandlineOptionsModal, NO_CHANGE_TEXT } from './landline-options-modal';

const landline = service({
  serviceid: 200103,
  type: 'Telephony',
  technology: 'Landline',
  identifier: '0755500123',
  has_landline_options: true,
});
const url = buildPath(apiPaths.telephonyFeatures, { serviceid: 200103 });

const base = { section: 'Calling', price: 0, requires: [], data: [], permissions: [] };
const features: TelephonyFeature[] = [
  {
    ...base,
    featureid: 1,
    feature: 'caller-id',
    label: 'Show my number when I call',
    type: 'select',
    range: null,
    value: 'show',
    data: [
      { value: 'show', label: 'Show my number', selected: true },
      { value: 'hide', label: 'Hide my number (private)', selected: false },
    ],
  },
  {
    ...base,
    featureid: 3,
    feature: 'call-forwarding',
    label: 'Call forwarding',
    type: 'toggle',
    range: ['off', 'on'],
    value: 'off',
    price: 300,
  },
  {
    ...base,
    featureid: 4,
    feature: 'forward-to',
    label: 'Forward calls to',
    type: 'text',
    range: null,
    value: '',
    requires: [3],
  },
  {
    ...base,
    featureid: 5,
    feature: 'forward-when',
    label: 'Forward when',
    type: 'selection',
    range: null,
    value: 'always',
    requires: [3],
    data: [
      { value: 'always', label: 'Always', selected: true },
      { value: 'busy', label: 'When busy', selected: false },
    ],
  },
  {
    ...base,
    featureid: 6,
    feature: 'voicemail',
    label: 'Voicemail',
    type: 'toggle',
    range: ['off', 'on'],
    value: 'off',
    price: 200,
  },
  {
    ...base,
    featureid: 7,
    feature: 'voicemail-pin',
    label: 'Voicemail PIN',
    type: 'text',
    range: null,
    value: '',
    requires: [6],
  },
];

function setup() {
  signIn();
  const api = stubApi({
    [`GET ${url}`]: () => jsonResponse({ data: features }),
    [`PATCH ${url}`]: () =>
      jsonResponse({ data: { ticketid: 240011, orderid: 8, number: 'T240011' } }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <LandlineOptionsModal service={landline} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return { user, calls: api.calls };
}

describe('Landline Options', () => {
  it('shows the four types; dependent fields appear and are required while their toggle is on', async () => {
    const { user, calls } = setup();
    const toggle = await screen.findByRole('checkbox', { name: 'Call forwarding' });
    expect(screen.getByRole('combobox', { name: 'Show my number when I call' })).toHaveValue(
      'show',
    );
    expect(screen.getByText('$3.00 per month')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Forward calls to' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(NO_CHANGE_TEXT)).toBeInTheDocument();

    await user.click(toggle);
    const forwardTo = screen.getByRole('textbox', { name: 'Forward calls to' });
    expect(screen.getByRole('radio', { name: 'When busy' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    expect(forwardTo).toHaveAttribute('aria-invalid', 'true');
    await user.type(forwardTo, '0412345678');
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'When busy' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('$3.00 per month')).toBeInTheDocument();
    expect(screen.getByText('The monthly charge starts on your next invoice.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'We have your request. Your ticket number is T240011; you can follow it in My Tickets.',
      ),
    ).toBeInTheDocument();
    // Only what changed is sent.
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      [
        { featureid: 3, value: 'on' },
        { featureid: 4, value: '0412345678' },
        { featureid: 5, value: 'busy' },
      ],
    ]);
  });

  it('turning the toggle off again hides its dependent fields and sends nothing for them', async () => {
    const { user, calls } = setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Show my number when I call' }),
      'hide',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Call forwarding' }));
    await user.type(screen.getByRole('textbox', { name: 'Forward calls to' }), '0412');
    await user.click(screen.getByRole('checkbox', { name: 'Call forwarding' }));
    expect(screen.queryByRole('textbox', { name: 'Forward calls to' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(/T240011/);
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      [{ featureid: 1, value: 'hide' }],
    ]);
  });

  it('takes a voicemail PIN of 4 to 8 digits, masked with a show button, and never shows it in clear', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Voicemail' }));
    const pin = screen.getByLabelText('Voicemail PIN');
    expect(pin).toHaveAttribute('type', 'password');
    await user.type(pin, '1a2b');
    expect(pin).toHaveValue('12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your voicemail PIN must be 4 to 8 digits');
    await user.type(pin, '34');
    await user.click(screen.getByRole('button', { name: 'Show Voicemail PIN' }));
    expect(pin).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('••••')).toBeInTheDocument();
    expect(screen.queryByText('1234')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(/T240011/);
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      [
        { featureid: 6, value: 'on' },
        { featureid: 7, value: '1234' },
      ],
    ]);
  });
});
