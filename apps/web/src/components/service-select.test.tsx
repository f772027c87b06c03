import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceSelect } from './service-select';

const services = [
  { serviceid: 200101, name: 'Paddock bore (Sky Muster Plus AVC000123456789): Sky Muster Plus 50' },
  { serviceid: 200102, name: 'Fixed Wireless AVC000987654321: Fixed Wireless 50' },
];

describe('ServiceSelect', () => {
  it('writes the chosen service out in full under the select and reads it with the select', () => {
    render(
      <ServiceSelect
        id="plan"
        services={services}
        selected={services[0]!}
        optionLabel={(s) => s.name}
        onChange={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Plan' });
    expect(select).toHaveAccessibleDescription(services[0]!.name);
    expect(screen.getByText(services[0]!.name, { selector: 'p' })).toBeInTheDocument();
  });
});
