import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_SAVER_KEY, isDataSaverOn, setDataSaver, useDataSaver } from './data-saver';

function setSaveData(value: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: value === undefined ? undefined : { saveData: value },
  });
}

afterEach(() => setSaveData(undefined));

describe('data saver (decision 032)', () => {
  it("follows the browser's data saver until the user chooses, then keeps the choice on this device", () => {
    expect(isDataSaverOn()).toBe(false);
    setSaveData(true);
    expect(isDataSaverOn()).toBe(true);
    setDataSaver(false);
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('0');
    expect(isDataSaverOn()).toBe(false);
    setSaveData(false);
    setDataSaver(true);
    expect(isDataSaverOn()).toBe(true);
  });

  it('tells the components using it when it changes', () => {
    function Probe() {
      return <p>{useDataSaver() ? 'saving' : 'not saving'}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('not saving')).toBeInTheDocument();
    act(() => setDataSaver(true));
    expect(screen.getByText('saving')).toBeInTheDocument();
  });
});
