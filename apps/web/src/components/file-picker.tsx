import { FileText, ImageIcon, Paperclip, X } from 'lucide-react';
import type { ReactNode, Ref } from 'react';

/** A file the picker holds: accepted (its name and size shown) or refused (`note` says why). */
export type PickedFile = { file: File; size: string; note?: string };

export type FilePickerProps = {
  id: string;
  label: string;
  hint?: ReactNode;
  accept?: string;
  inputRef?: Ref<HTMLInputElement>;
  picked: PickedFile | null;
  invalid?: boolean;
  /** Ids of messages (an error, a reason) that describe the input, besides the hint. */
  describedBy?: readonly (string | false | null | undefined)[];
  onPick: (file: File | null) => void;
  onRemove: () => void;
  /** The field's messages (its error, why the form waits), under the button. */
  children?: ReactNode;
};

/**
 * The one file field (issue 41): the browser's own file input, so the keyboard, screen readers and
 * the phone's photo and file choosers all work as they do, laid over a button that says what it
 * does ('Choose a file'), then the chosen file's name and size and a Remove button.
 */
export function FilePicker({
  id,
  label,
  hint,
  accept,
  inputRef,
  picked,
  invalid = false,
  describedBy = [],
  onPick,
  onRemove,
  children,
}: FilePickerProps) {
  const hintId = `${id}-hint`;
  const FileIcon = picked?.file.type.startsWith('image/') ? ImageIcon : FileText;
  return (
    <div className="field file-picker">
      <label htmlFor={id}>{label}</label>
      {hint !== undefined && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <div
        className={
          invalid ? 'file-picker__control file-picker__control--invalid' : 'file-picker__control'
        }
      >
        <input
          ref={inputRef}
          id={id}
          className="file-picker__input"
          type="file"
          accept={accept}
          aria-invalid={invalid || undefined}
          aria-describedby={
            [...describedBy, hint !== undefined && hintId].filter(Boolean).join(' ') || undefined
          }
          onChange={(event) => onPick(event.target.files?.[0] ?? null)}
        />
        <span className="button button--secondary file-picker__button" aria-hidden="true">
          <Paperclip size={18} focusable="false" />
          {picked && !picked.note ? 'Choose another file' : 'Choose a file'}
        </span>
      </div>
      {children}
      <div aria-live="polite">
        {picked && (
          <p
            className={
              picked.note
                ? 'file-picker__chosen file-picker__chosen--refused'
                : 'file-picker__chosen'
            }
          >
            <FileIcon
              className="file-picker__icon"
              size={20}
              aria-hidden="true"
              focusable="false"
            />
            <span className="file-picker__name">
              {picked.note ?? (
                <>
                  {picked.file.name} <span className="file-picker__size">({picked.size})</span>
                </>
              )}
            </span>
            <button
              type="button"
              className="button button--quiet file-picker__remove"
              onClick={onRemove}
            >
              <X size={18} aria-hidden="true" focusable="false" />
              Remove<span className="visually-hidden"> {picked.file.name}</span>
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
