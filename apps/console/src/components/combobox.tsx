import { useId, useMemo, useState, type ReactNode } from 'react';
import { useCombobox } from 'downshift';
import { Check, ChevronDown } from 'lucide-react';
import { FieldNotes, fieldDescribedBy } from './field';

export type ComboboxItem = {
  value: string;
  label: string;
  /** A second line: a price, a speed, an id. */
  detail?: string;
};

/** Keeps the items whose label or detail holds every word typed, in their order. */
export function matching(items: ComboboxItem[], typed: string): ComboboxItem[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const text = `${item.label} ${item.detail ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * The console's one combobox (downshift, the WAI-ARIA 1.2 pattern): a text box that narrows a
 * list as one types, arrow keys and Enter to choose, Escape to close; what it holds is always one
 * of the items (typing alone chooses nothing). Laid out and described as the one `Field` is:
 * label, hint, and the error tied to the box for screen readers.
 */
export function Combobox({
  label,
  items,
  value,
  onChange,
  onBlur,
  hint,
  error,
  placeholder,
  empty = 'Nothing matches what you typed.',
  disabled = false,
}: {
  label: string;
  items: ComboboxItem[];
  /** The chosen item's value, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  error?: string | undefined;
  placeholder?: string;
  empty?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const selected = items.find((item) => item.value === value) ?? null;
  const [typed, setTyped] = useState(selected?.label ?? '');
  // Everything while the box shows the choice; what matches once the person types.
  const shown = useMemo(
    () => (selected && typed === selected.label ? items : matching(items, typed)),
    [items, selected, typed],
  );
  const box = useCombobox<ComboboxItem>({
    id,
    items: shown,
    selectedItem: selected,
    inputValue: typed,
    itemToString: (item) => item?.label ?? '',
    onInputValueChange: ({ inputValue }) => setTyped(inputValue),
    onSelectedItemChange: ({ selectedItem }) => {
      onChange(selectedItem?.value ?? '');
      setTyped(selectedItem?.label ?? '');
    },
    // Leaving the box without choosing puts back what was chosen.
    onIsOpenChange: ({ isOpen }) => {
      if (!isOpen) setTyped(selected?.label ?? '');
    },
  });
  return (
    <div className={`field combobox${error ? ' has-error' : ''}`}>
      <label {...box.getLabelProps()}>{label}</label>
      <div className="combobox-box">
        <input
          {...box.getInputProps({
            onBlur,
            placeholder,
            disabled,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': fieldDescribedBy(id, hint, error),
          })}
        />
        <button
          type="button"
          className="icon-button"
          {...box.getToggleButtonProps({
            'aria-label': `Show the ${label.toLowerCase()} list`,
            disabled,
          })}
        >
          <ChevronDown size={14} aria-hidden="true" />
        </button>
        <ul
          className={box.isOpen ? 'combobox-list' : 'combobox-list closed'}
          {...box.getMenuProps()}
        >
          {box.isOpen
            ? shown.map((item, index) => (
                <li
                  key={item.value}
                  className={box.highlightedIndex === index ? 'highlighted' : undefined}
                  {...box.getItemProps({ item, index })}
                >
                  <span>
                    {item.label}
                    {item.detail ? <span className="muted"> {item.detail}</span> : null}
                  </span>
                  {item.value === value ? <Check size={14} aria-hidden="true" /> : null}
                </li>
              ))
            : null}
        </ul>
      </div>
      {box.isOpen && shown.length === 0 ? (
        <p className="combobox-empty" role="status">
          {empty}
        </p>
      ) : null}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
