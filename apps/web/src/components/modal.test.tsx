import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/session';
import { Modal, SHEET_CLOSE_DRAG_PX, type SavingStatus, savingStatus, sheetDrag } from './modal';

/** A two-step wizard as a feature would write one: a field held outside, one inside the modal. */
function Wizard({ forced = false }: { forced?: boolean }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(1);
  const [status, setStatus] = useState<SavingStatus>(savingStatus.idle);
  const wizard = {
    step,
    status,
    next: () => setStep((n) => n + 1),
    setStatus,
    reset: () => {
      setStep(1);
      setStatus(savingStatus.idle);
    },
  };
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleReset = () => {
    wizard.reset();
    setName('');
    setError(null);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Change name
      </button>
      <Modal
        open={open}
        title="Change name"
        step={wizard.step}
        stepCount={2}
        status={wizard.status}
        onClose={forced ? undefined : () => setOpen(false)}
        onReset={handleReset}
      >
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Note
          <input defaultValue="" />
        </label>
        {error && <p role="alert">{error}</p>}
        <button type="button" onClick={() => setError('Name is taken')}>
          Check
        </button>
        <button type="button" onClick={wizard.next}>
          Next
        </button>
        <button type="button" onClick={() => wizard.setStatus(savingStatus.processing)}>
          Save
        </button>
        <button type="button" onClick={() => wizard.setStatus(savingStatus.idle)}>
          Saved
        </button>
      </Modal>
    </>
  );
}

async function openWizard(forced = false) {
  const user = userEvent.setup();
  render(<Wizard forced={forced} />);
  const opener = screen.getByRole('button', { name: 'Change name' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Change name' }) };
}

describe('Modal', () => {
  it('opens as a labelled modal dialog with focus on its first field', async () => {
    const { dialog } = await openWizard();

    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const { user, opener } = await openWizard();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps focus inside: Tab from the last control goes to the first, Shift+Tab back', async () => {
    const { user } = await openWizard();
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Saved' });

    last.focus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it('cannot be closed while saving, by Escape, the close button or the backdrop', async () => {
    const { user, dialog } = await openWizard();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(dialog).toHaveAttribute('aria-busy', 'true');

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(dialog);

    expect(screen.getByRole('dialog', { name: 'Change name' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Saved' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reopens a browser-closed dialog while saving (a close request it could not refuse)', async () => {
    const { user, dialog } = await openWizard();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    act(() => (dialog as HTMLDialogElement).close());

    expect(dialog).toHaveAttribute('open');
  });

  it('resets every field, error and the step when it closes', async () => {
    const { user } = await openWizard();
    await user.type(screen.getByLabelText('Name'), 'Homestead');
    await user.type(screen.getByLabelText('Note'), 'for the shed');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Name is taken');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Change name' }));

    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Note')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
  });

  it('closes when the backdrop is clicked', async () => {
    const { dialog } = await openWizard();

    fireEvent.click(dialog);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no close button and ignores Escape when it cannot be dismissed', async () => {
    const { user } = await openWizard(true);

    await user.keyboard('{Escape}');

    expect(screen.getByRole('dialog', { name: 'Change name' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('is a web dialog, not a sheet, on the web', async () => {
    const { dialog } = await openWizard();
    expect(dialog).not.toHaveClass('modal--sheet');
    expect(screen.queryByTestId('sheet-handle')).not.toBeInTheDocument();
  });
});

describe('Modal on native platforms', () => {
  function drag(handle: HTMLElement, distance: number) {
    fireEvent.pointerDown(handle, { clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 100 + distance, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 100 + distance, pointerId: 1 });
  }

  it('is a bottom sheet that closes when dragged down far enough', async () => {
    window.localStorage.setItem(storageKeys.platform, 'ios');
    const { dialog } = await openWizard();
    expect(dialog).toHaveClass('modal--sheet');
    const handle = screen.getByTestId('sheet-handle');

    drag(handle, SHEET_CLOSE_DRAG_PX / 2);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    drag(handle, SHEET_CLOSE_DRAG_PX + 10);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot be dragged closed while saving', async () => {
    window.localStorage.setItem(storageKeys.platform, 'android');
    const { user } = await openWizard();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    drag(screen.getByTestId('sheet-handle'), SHEET_CLOSE_DRAG_PX + 50);

    expect(screen.getByRole('dialog', { name: 'Change name' })).toBeInTheDocument();
  });

  it('does not move at all while saving', async () => {
    window.localStorage.setItem(storageKeys.platform, 'ios');
    const { user, dialog } = await openWizard();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const handle = screen.getByTestId('sheet-handle');
    expect(handle).toHaveAttribute('data-locked', 'true');

    fireEvent.pointerDown(handle, { clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 300, pointerId: 1 });

    expect(dialog.style.transform).toBe('');
  });
});

describe('the bottom sheet drag rule', () => {
  it('follows the finger down and closes at the threshold', () => {
    expect(sheetDrag(40, false)).toEqual({ offset: 40, closes: false });
    expect(sheetDrag(SHEET_CLOSE_DRAG_PX, false)).toEqual({
      offset: SHEET_CLOSE_DRAG_PX,
      closes: true,
    });
  });

  it('never moves up', () => {
    expect(sheetDrag(-50, false)).toEqual({ offset: 0, closes: false });
  });

  it('never moves or closes while saving', () => {
    expect(sheetDrag(SHEET_CLOSE_DRAG_PX * 3, true)).toEqual({ offset: 0, closes: false });
  });
});

describe('a modal body that scrolls', () => {
  it('takes focus itself when it holds nothing to focus, so a keyboard can scroll it', () => {
    const heights = { scrollHeight: 900, clientHeight: 400 };
    const spies = (['scrollHeight', 'clientHeight'] as const).map((name) =>
      vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(function (this: HTMLElement) {
        return this.classList.contains('modal__body') ? heights[name] : 0;
      }),
    );
    const { rerender } = render(
      <Modal open title="Review" onClose={() => {}}>
        <p>A long review</p>
      </Modal>,
    );
    const body = screen.getByRole('region', { name: 'Review' });
    expect(body).toHaveAttribute('tabindex', '0');

    rerender(
      <Modal open title="Review" onClose={() => {}}>
        <p>A long review</p>
        <button type="button">Read more</button>
      </Modal>,
    );
    expect(screen.queryByRole('region', { name: 'Review' })).toBeNull();
    for (const spy of spies) spy.mockRestore();
  });
});
