import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilePicker, type PickedFile } from './file-picker';

function Picker({ refuse = false }: { refuse?: boolean }) {
  const [picked, setPicked] = useState<PickedFile | null>(null);
  return (
    <FilePicker
      id="file"
      label="Attachment (optional)"
      hint="A photo or a PDF, up to 5 MB."
      accept="image/png,application/pdf"
      picked={picked}
      invalid={refuse && picked !== null}
      describedBy={[refuse && picked !== null && 'file-error']}
      onPick={(file) =>
        setPicked(
          file && {
            file,
            size: `${file.size} bytes`,
            note: refuse ? `${file.name} is not attached.` : undefined,
          },
        )
      }
      onRemove={() => setPicked(null)}
    >
      {refuse && picked && (
        <p id="file-error" className="field__error">
          This file is too big.
        </p>
      )}
    </FilePicker>
  );
}

const photo = () => new File([new Uint8Array([1, 2, 3, 4])], 'dish.png', { type: 'image/png' });

describe('FilePicker: a labelled file field with the chosen file and Remove', () => {
  it('is the browser file input, named by its label and described by its hint', () => {
    render(<Picker />);
    const input = screen.getByLabelText('Attachment (optional)');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png,application/pdf');
    expect(input).toHaveAccessibleDescription('A photo or a PDF, up to 5 MB.');
    // The button look is the input's: hidden from screen readers, the text says what it does.
    expect(screen.getByText('Choose a file')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it("shows the chosen file's name and size, and Remove takes it off", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.upload(screen.getByLabelText('Attachment (optional)'), photo());
    expect(screen.getByText('(4 bytes)').parentElement).toHaveTextContent('dish.png (4 bytes)');
    expect(screen.getByText('Choose another file')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove dish.png' }));
    expect(screen.queryByText('(4 bytes)')).toBeNull();
    expect(screen.getByText('Choose a file')).toBeInTheDocument();
  });

  it('is reached and opened from the keyboard: Tab lands on the input', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.tab();
    expect(screen.getByLabelText('Attachment (optional)')).toHaveFocus();
  });

  it('shows a refused file with why, marks the input invalid and points it at the error', async () => {
    const user = userEvent.setup();
    render(<Picker refuse />);
    const input = screen.getByLabelText('Attachment (optional)');
    await user.upload(input, photo());
    expect(screen.getByText('dish.png is not attached.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'This file is too big. A photo or a PDF, up to 5 MB.',
    );
    expect(screen.getByRole('button', { name: 'Remove dish.png' })).toBeInTheDocument();
  });
});
