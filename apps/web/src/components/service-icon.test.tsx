import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServiceIcon } from './service-icon';

describe('ServiceIcon', () => {
  it.each([
    ['Sky Muster Plus', 'lucide-satellite-dish'],
    ['Sky Muster', 'lucide-satellite-dish'],
    ['Fixed Wireless', 'lucide-radio-tower'],
    ['Landline', 'lucide-phone'],
    ['VOIP', 'lucide-phone-call'],
    ['Something new', 'lucide-wifi'],
  ])('draws %s as %s, hidden from screen readers', (technology, className) => {
    const { container } = render(<ServiceIcon technology={technology} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveClass(className);
    expect(svg).toHaveAttribute('aria-hidden', 'true');
  });
});
