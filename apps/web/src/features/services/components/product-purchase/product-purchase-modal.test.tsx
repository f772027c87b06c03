import { apiPaths } from '@outpost/contracts/api-paths';
import type { Product } from '@outpost/contracts/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { service, stubApi } from '@/test/services-fixtures';
import { ProductPurchaseModal } from './product-purchase-modal';
import { DELIVERY_TEXT } from './purchase-form';

const skyMuster = service();
const products: Product[] = [
  {
    productid: 1,
    name: 'Wi-Fi 6 Router AX1800',
    model: 'OP-AX1800',
    article: 'RT-1800',
    price: 14900,
    rrp: 19900,
    image: '/products/router-ax1800.webp',
    type: 'router',
  },
  {
    productid: 2,
    name: 'Cordless Handset',
    model: 'OP-DECT1',
    article: 'HS-0001',
    price: 5900,
    rrp: 5900,
    image: '/products/cordless-handset.webp',
    type: 'handset',
  },
];
const prepare = `POST ${apiPaths.productOrderPrepare}`;
const commit = `POST ${apiPaths.productOrderCommit}`;
const orderAnswer = { data: { orderid: 57, ticketid: 240012, number: 'T240012' } };

type Answers = { products?: () => Response; prepare?: () => Response; commit?: () => Response };

function setup(answers: Answers = {}) {
  signIn();
  const api = stubApi({
    [`GET ${apiPaths.products}`]: answers.products ?? (() => jsonResponse({ data: products })),
    [prepare]: answers.prepare ?? (() => jsonResponse({ data: { csrf: 'c1' } })),
    [commit]: answers.commit ?? (() => jsonResponse(orderAnswer)),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const track = vi.spyOn(analytics, 'track');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ProductPurchaseModal service={skyMuster} onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const posts = (path: string) =>
    api.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
  return { user, track, posts };
}

const next = () => screen.getByRole('button', { name: 'Next' });
const group = (name: string) => screen.getByRole('group', { name });

describe('Purchase a product', () => {
  it('lists the catalogue with pictures, prices and the RRP, and requires a choice', async () => {
    const { user } = setup();
    const router = await screen.findByRole('radio', { name: 'Wi-Fi 6 Router AX1800' });
    const picture = screen.getByRole('img', { name: 'Wi-Fi 6 Router AX1800' });
    expect(picture).toHaveAttribute('src', '/products/router-ax1800.webp');
    expect(picture).toHaveAttribute('width', '320');
    expect(picture).toHaveAttribute('height', '240');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('$149.00')).toBeInTheDocument();
    // Struck through when above the price; plain when the same.
    expect(screen.getByText('RRP $199.00').tagName).toBe('S');
    expect(screen.getByText('RRP $59.00').tagName).toBe('SPAN');

    await user.click(next());
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();

    // Keyboard: the arrow keys move the single choice, which clears the message.
    router.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Cordless Handset' })).toBeChecked();
    expect(router).not.toBeChecked();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    await user.click(next());
    expect(screen.getByRole('heading', { name: 'Address' })).toHaveFocus();
  });

  it('starts from the service address and requires the billing fields only when unticked', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Wi-Fi 6 Router AX1800' }));
    await user.click(next());
    const shipping = group('Shipping address');
    expect(within(shipping).getByLabelText('Shipping Address line 1')).toHaveValue(
      '12 Dingo Creek Rd',
    );
    expect(within(shipping).getByLabelText('State')).toHaveValue('QLD');
    expect(
      within(within(shipping).getByLabelText('State'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a state', 'ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    const same = screen.getByRole('checkbox', { name: 'Billing address same as shipping address' });
    expect(same).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Billing address' })).toBeNull();

    await user.clear(within(shipping).getByLabelText('Shipping Address line 1'));
    await user.clear(within(shipping).getByLabelText('Suburb'));
    await user.click(next());
    expect(within(shipping).getByText('Shipping Address is required')).toBeInTheDocument();
    expect(within(shipping).getByText('Suburb is required')).toBeInTheDocument();
    expect(within(shipping).getByLabelText('Shipping Address line 1')).toHaveFocus();
    // Editing a field clears its error.
    await user.type(within(shipping).getByLabelText('Shipping Address line 1'), '4 Eagle St');
    expect(within(shipping).queryByText('Shipping Address is required')).toBeNull();
    await user.type(within(shipping).getByLabelText('Suburb'), 'Longreach');

    await user.click(same);
    const billing = group('Billing address');
    await user.click(next());
    expect(within(billing).getByText('Billing Address is required')).toBeInTheDocument();
    expect(within(billing).getByText('Suburb is required')).toBeInTheDocument();
    expect(within(billing).getByText('State is required')).toBeInTheDocument();
    expect(within(billing).getByText('Postcode is required')).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();

    // Ticked again, the billing fields go with their errors, and the step passes.
    await user.click(same);
    expect(screen.queryByRole('group', { name: 'Billing address' })).toBeNull();
    await user.click(next());
    expect(screen.getByRole('heading', { name: 'Confirm' })).toHaveFocus();
    expect(screen.getByText('Same as shipping address')).toBeInTheDocument();

    // The review leads back to a step to change it.
    await user.click(screen.getByRole('button', { name: 'Change the product' }));
    expect(screen.getByRole('heading', { name: 'Choose a product' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Wi-Fi 6 Router AX1800' })).toBeChecked();
    await user.click(next());
    await user.click(next());

    // Back never validates.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.clear(within(group('Shipping address')).getByLabelText('Suburb'));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Choose a product' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the postcode against the state, as the server does', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Wi-Fi 6 Router AX1800' }));
    await user.click(next());
    const postcode = within(group('Shipping address')).getByLabelText('Postcode');
    await user.clear(postcode);
    await user.type(postcode, '2000');
    await user.click(next());
    expect(
      within(group('Shipping address')).getByText('This postcode is not in QLD.'),
    ).toBeVisible();
  });

  it('orders with a different billing address once and shows the order and ticket numbers', async () => {
    const { user, track, posts } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Wi-Fi 6 Router AX1800' }));
    await user.click(next());
    await user.type(
      within(group('Shipping address')).getByLabelText('Shipping Address line 2 (optional)'),
      'Gate 2',
    );
    await user.click(
      screen.getByRole('checkbox', { name: 'Billing address same as shipping address' }),
    );
    const billing = group('Billing address');
    await user.type(within(billing).getByLabelText('Billing Address line 1'), 'PO Box 12');
    await user.type(within(billing).getByLabelText('Suburb'), 'Sydney');
    await user.selectOptions(within(billing).getByLabelText('State'), 'NSW');
    await user.type(within(billing).getByLabelText('Postcode'), '2000');
    await user.click(next());

    expect(screen.getByText('Wi-Fi 6 Router AX1800 (OP-AX1800)')).toBeInTheDocument();
    expect(screen.getByText('$149.00')).toBeInTheDocument();
    expect(screen.getByText('$199.00')).toBeInTheDocument();
    expect(screen.getByText('Gate 2')).toBeInTheDocument();
    expect(screen.getByText('Sydney NSW 2000')).toBeInTheDocument();
    expect(screen.getByText(DELIVERY_TEXT)).toBeInTheDocument();
    expect(
      screen.getByText('The price of $149.00 is charged on your next invoice.'),
    ).toBeInTheDocument();

    await user.dblClick(screen.getByRole('button', { name: /^Confirm/ }));
    expect(
      await screen.findByText(
        'Thank you for your order. Your order number is 57 and your ticket number is T240012.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(
      screen.getByRole('link', { name: 'Follow ticket T240012 in My Tickets' }),
    ).toHaveAttribute('href', '/support/my-tickets/240012');
    const order = {
      serviceid: 200101,
      productid: 1,
      shipping_addr_line1: '12 Dingo Creek Rd',
      shipping_addr_line2: 'Gate 2',
      shipping_suburb: 'Longreach',
      shipping_state: 'QLD',
      shipping_postcode: '4730',
      billing_same: false,
      billing_addr_line1: 'PO Box 12',
      billing_suburb: 'Sydney',
      billing_state: 'NSW',
      billing_postcode: '2000',
    };
    expect(posts(apiPaths.productOrderPrepare)).toEqual([order]);
    expect(posts(apiPaths.productOrderCommit)).toEqual([{ ...order, csrf: 'c1' }]);
    expect(track).toHaveBeenCalledWith('Purchase Product', { product: 'Wi-Fi 6 Router AX1800' });
  });

  it("puts the server's field errors on their fields on the address step", async () => {
    const { user, posts } = setup({
      prepare: () =>
        jsonResponse(
          {
            data: {
              error: 'Bad request: Please check the address.',
              fields: { shipping_postcode: 'This postcode is not in QLD.' },
            },
          },
          400,
        ),
    });
    await user.click(await screen.findByRole('radio', { name: 'Wi-Fi 6 Router AX1800' }));
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: /^Confirm/ }));

    expect(await screen.findByRole('heading', { name: 'Address' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the address.');
    const postcode = within(group('Shipping address')).getByLabelText('Postcode');
    expect(postcode).toHaveAttribute('aria-invalid', 'true');
    expect(postcode).toHaveAccessibleDescription('This postcode is not in QLD.');
    expect(posts(apiPaths.productOrderCommit)).toEqual([]);
    // The billing address is sent only when it differs.
    expect(posts(apiPaths.productOrderPrepare)[0]).not.toHaveProperty('billing_addr_line1');
  });

  it("a refused commit returns to Confirm with the server's text", async () => {
    const { user } = setup({
      commit: () =>
        errorResponse(400, 'Bad request: This confirmation has expired. Please try again.'),
    });
    await user.click(await screen.findByRole('radio', { name: 'Cordless Handset' }));
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: /^Confirm/ }));
    expect(await screen.findByRole('heading', { name: 'Confirm' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This confirmation has expired. Please try again.',
    );
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
  });

  it('a product no longer sold returns to the catalogue, which reloads without it', async () => {
    let sold = products;
    const { user } = setup({
      products: () => jsonResponse({ data: sold }),
      prepare: () => {
        sold = products.slice(1);
        return errorResponse(
          409,
          'Bad request: That product is no longer available. Please choose another.',
        );
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Wi-Fi 6 Router AX1800' }));
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: /^Confirm/ }));
    expect(await screen.findByRole('heading', { name: 'Choose a product' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That product is no longer available. Please choose another.',
    );
    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: 'Wi-Fi 6 Router AX1800' })).toBeNull(),
    );
    expect(screen.getByRole('radio', { name: 'Cordless Handset' })).not.toBeChecked();
    await user.click(next());
    expect(screen.getByText('This field is required')).toBeInTheDocument();
  });

  it('says so when the products cannot be loaded', async () => {
    setup({ products: () => errorResponse(500, 'Internal error: please try again later.') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem loading data from server. Please try again later.',
    );
    expect(next()).toBeDisabled();
  });
});
