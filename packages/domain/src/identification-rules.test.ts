import { describe, expect, it } from 'vitest';
import { checkIdentification } from './identification-rules';

describe('checkIdentification', () => {
  it('needs a known method, and for a PIN exactly 4 digits', () => {
    expect(checkIdentification('', '')).toBe('methodRequired');
    expect(checkIdentification('PASSWORD', '1234')).toBe('methodUnknown');
    expect(checkIdentification('DOB', '')).toBeNull();
    expect(checkIdentification('PIN', '')).toBe('pinRequired');
    expect(checkIdentification('PIN', '123')).toBe('pinInvalid');
    expect(checkIdentification('PIN', '12345')).toBe('pinInvalid');
    expect(checkIdentification('PIN', '12a4')).toBe('pinInvalid');
    expect(checkIdentification('PIN', '0042')).toBeNull();
  });
});
