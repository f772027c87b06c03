import type { MutateOptions } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { ApiError } from '@/lib/api-error';
import { WIZARD_STORAGE_PREFIX } from '@/lib/wizard-storage';
import { clearSession } from '@/lib/session';
import { WizardModal, WizardStep } from './wizard';
import { WizardConfirmActions } from './wizard-actions';
import { usePersistedValue, useWizardFlow } from './wizard-flow';

type Step = 'pick' | 'confirm' | 'saving';

type Handlers = {
  onSuccess?: (result: string) => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
};

/** A mutation the test settles by hand. */
function manualMutation() {
  const calls: { variables: string; settle: (ok: boolean) => void }[] = [];
  const mutate = vi.fn((variables: string, options?: MutateOptions<string, unknown, string>) => {
    const handlers = options as Handlers | undefined;
    calls.push({
      variables,
      settle: (ok) => {
        if (ok) handlers?.onSuccess?.(`bought ${variables}`);
        else
          handlers?.onError?.(new ApiError('Server', 'Bad request: The block is sold out.', 400));
        handlers?.onSettled?.();
      },
    });
  });
  return { mutate, calls };
}

function Flow({
  mutation,
  onClose,
  errorStep = 'confirm',
}: {
  mutation: ReturnType<typeof manualMutation>;
  onClose: () => void;
  errorStep?: Step | ((error: unknown, variables: string) => Step);
}) {
  const flow = useWizardFlow<Step>({ first: 'pick', onClose });
  const buy = flow.submitter(mutation, {
    savingStep: 'saving',
    errorStep,
    event: 'Buy',
    track: (result) => ({ result }),
  });
  return (
    <WizardModal flow={flow} steps={['pick', 'confirm']} title="Buy">
      <WizardStep flow={flow} id="pick" heading="Pick one">
        <button type="button" onClick={() => flow.goTo('confirm')}>
          Next
        </button>
      </WizardStep>
      <WizardStep flow={flow} id="confirm" heading="Confirm">
        <button type="button" disabled={flow.saving} onClick={() => buy('10 GB')}>
          Buy it
        </button>
      </WizardStep>
      <WizardStep
        flow={flow}
        id="saving"
        heading={flow.done ? 'Bought' : 'Buying'}
        progress="Buying…"
      >
        <p role="status">Done</p>
      </WizardStep>
    </WizardModal>
  );
}

function Page({ mutation }: { mutation: ReturnType<typeof manualMutation> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <h1>Data Blocks</h1>
      {open && <Flow mutation={mutation} onClose={() => setOpen(false)} />}
    </>
  );
}

describe('the wizard flow', () => {
  it('numbers its steps, moves focus to each step heading and never submits twice', async () => {
    const mutation = manualMutation();
    const user = userEvent.setup();
    render(<Flow mutation={mutation} onClose={() => {}} />);
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Confirm' })).toHaveFocus();
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();

    const buy = screen.getByRole('button', { name: 'Buy it' });
    await user.dblClick(buy);
    expect(mutation.mutate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Buying' })).toHaveFocus();
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/Step \d of 2/)).toBeNull();
  });

  it('returns to the error step with the cleaned server message, then succeeds and tracks it', async () => {
    const mutation = manualMutation();
    const track = vi.spyOn(analytics, 'track');
    const user = userEvent.setup();
    render(<Flow mutation={mutation} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Buy it' }));
    act(() => mutation.calls[0]!.settle(false));
    expect(screen.getByRole('alert')).toHaveTextContent('The block is sold out.');
    expect(screen.getByRole('heading', { name: 'Confirm' })).toHaveFocus();
    expect(screen.getByRole('dialog')).toHaveAttribute('data-status', '0');

    await user.click(screen.getByRole('button', { name: 'Buy it' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => mutation.calls[1]!.settle(true));
    expect(screen.getByRole('heading', { name: 'Bought' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Done');
    expect(track).toHaveBeenCalledWith('Buy', { result: 'bought 10 GB' });
  });

  it('returns to the step the error asks for, with the message', async () => {
    const mutation = manualMutation();
    const errorStep = vi.fn((error: unknown, variables: string) =>
      error instanceof ApiError && variables === '10 GB' ? ('pick' as const) : ('confirm' as const),
    );
    const user = userEvent.setup();
    render(<Flow mutation={mutation} onClose={() => {}} errorStep={errorStep} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Buy it' }));
    act(() => mutation.calls[0]!.settle(false));
    expect(screen.getByRole('heading', { name: 'Pick one' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('The block is sold out.');
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(errorStep).toHaveBeenCalledTimes(1);
  });

  it('steps back on browser Back, closes at the first step, and only then leaves the page', async () => {
    const mutation = manualMutation();
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        { path: '/', element: <h1>Home</h1> },
        { path: '/blocks', element: <Page mutation={mutation} /> },
      ],
      { initialEntries: ['/', '/blocks'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Confirm' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/blocks');
    expect(screen.getByRole('heading', { name: 'Pick one' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/blocks');
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });
});

/** A persisted flow: its step and the typed name survive a remount (a reload). */
function KeptFlow({
  mutation,
  onClose,
}: {
  mutation: ReturnType<typeof manualMutation>;
  onClose: () => void;
}) {
  const flow = useWizardFlow<Step>({ first: 'pick', onClose, persist: { key: 'kept:1' } });
  const [name, setName] = useState(() => flow.restored<string>('name') ?? '');
  usePersistedValue(flow, 'name', name);
  const buy = flow.submitter(mutation, { savingStep: 'saving', errorStep: 'confirm' });
  return (
    <WizardModal flow={flow} steps={['pick', 'confirm']} title="Buy">
      <WizardStep flow={flow} id="pick" heading="Pick one">
        <label>
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="button" onClick={() => flow.goTo('confirm')}>
          Next
        </button>
        <button type="button" onClick={flow.modal.onClose}>
          Cancel
        </button>
      </WizardStep>
      <WizardStep flow={flow} id="confirm" heading="Confirm">
        <p>Buying for {name}</p>
        <button type="button" onClick={() => buy(name)}>
          Buy it
        </button>
      </WizardStep>
      <WizardStep flow={flow} id="saving" heading={flow.done ? 'Bought' : 'Buying'} />
    </WizardModal>
  );
}

const KEPT = `${WIZARD_STORAGE_PREFIX}kept:1`;
const stored = () => window.sessionStorage.getItem(KEPT);

describe('a persisted wizard', () => {
  afterEach(() => window.sessionStorage.clear());

  it('comes back at its step with its values after a reload', async () => {
    const mutation = manualMutation();
    const user = userEvent.setup();
    const first = render(<KeptFlow mutation={mutation} onClose={() => {}} />);
    await user.type(screen.getByLabelText('Name'), 'Jo');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(JSON.parse(stored()!)).toEqual({ trail: ['pick', 'confirm'], values: { name: 'Jo' } });
    first.unmount();

    render(<KeptFlow mutation={mutation} onClose={() => {}} />);
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Buying for Jo')).toBeInTheDocument();
  });

  it('keeps nothing while saving or once done; a failure keeps it again', async () => {
    const mutation = manualMutation();
    const user = userEvent.setup();
    render(<KeptFlow mutation={mutation} onClose={() => {}} />);
    await user.type(screen.getByLabelText('Name'), 'Jo');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Buy it' }));
    expect(stored()).toBeNull();
    act(() => mutation.calls[0]!.settle(false));
    expect(JSON.parse(stored()!)).toMatchObject({ trail: ['pick', 'confirm'] });
    await user.click(screen.getByRole('button', { name: 'Buy it' }));
    act(() => mutation.calls[1]!.settle(true));
    expect(screen.getByRole('heading', { name: 'Bought' })).toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it('forgets on close and on logout', async () => {
    const mutation = manualMutation();
    const onClose = vi.fn();
    const user = userEvent.setup();
    const view = render(<KeptFlow mutation={mutation} onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Jo');
    expect(stored()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(stored()).toBeNull();
    view.unmount();

    render(<KeptFlow mutation={mutation} onClose={onClose} />);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await user.type(screen.getByLabelText('Name'), 'Al');
    expect(stored()).not.toBeNull();
    clearSession();
    expect(stored()).toBeNull();
  });

  it('a flow without persist keeps nothing', async () => {
    const mutation = manualMutation();
    const user = userEvent.setup();
    render(<Flow mutation={mutation} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('the confirm footer', () => {
  it('waits while saving; its way out waits too only when asked', () => {
    const actions = (cancelWaits: boolean) => (
      <WizardConfirmActions
        cancelLabel="Back"
        onCancel={() => {}}
        confirmLabel="Confirm"
        onConfirm={() => {}}
        saving
        cancelWaits={cancelWaits}
      />
    );
    const { rerender } = render(actions(true));
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    rerender(actions(false));
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });
});
