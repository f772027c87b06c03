import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceSelect } from './service-select';

const services = [
  {
    serviceid: 200101,
    name: 'Paddock bore · Sky Muster Plus 50 · Sky Muster Plus AVC000123456789',
  },
  {
    serviceid: 200102,
    name: 'Fixed Wireless at 3 Quarry Rd · Fixed Wireless 50 · AVC000987654321',
  },
];

describe('ServiceSelect', () => {
  it('offers each service by its label, the chosen one selected, with no second copy under it', () => {
    const { container } = render(
      <ServiceSelect
        id="plan"
        services={services}
        selected={services[0]!}
        optionLabel={(s) => s.name}
        onChange={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Plan' });
    expect(select).toHaveValue('200101');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(services.map((s) => s.name));
    expect(select).not.toHaveAttribute('aria-describedby');
    expect(container).toHaveTextContent(/^Plan/);
    expect(screen.getAllByText(services[0]!.name)).toHaveLength(1);
  });
});
