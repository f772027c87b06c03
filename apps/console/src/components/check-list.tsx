import { useId, useMemo, useState } from 'react';
import { matching, type ComboboxItem } from './combobox';
import { FieldNotes, fieldDescribedBy } from './field';

/**
 * The console's one multiple choice from a long list: a box that narrows the list as one types
 * (the same matching as the one `Combobox`), and a checkbox per item (Tab and Space), the chosen
 * ones kept even when the filter hides them, with how many are chosen and a way to clear them.
 * What it holds is always some of the items: nothing is typed in as a value.
 */
export function CheckList({
  label,
  items,
  values,
  onChange,
  hint,
  error,
  empty = 'Nothing to choose from.',
}: {
  label: string;
  items: ComboboxItem[];
  values: string[];
  onChange: (values: string[]) => void;
  hint?: string;
  error?: string | undefined;
  empty?: string;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const shown = useMemo(() => matching(items, typed), [items, typed]);
  const chosen = new Set(values);
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...values, value] : values.filter((v) => v !== value));
  return (
    <fieldset
      className={`field check-list${error ? ' has-error' : ''}`}
      aria-describedby={fieldDescribedBy(id, hint, error)}
    >
      <legend>
        {label}
        {values.length > 0 ? <span className="muted"> ({values.length} chosen)</span> : null}
      </legend>
      <div className="check-list-head">
        <input
          type="search"
          aria-label={`Filter ${label.toLowerCase()}`}
          placeholder="Filter"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
        {values.length > 0 ? (
          <button type="button" className="button quiet small" onClick={() => onChange([])}>
            Clear
          </button>
        ) : null}
      </div>
      <div className="check-list-box">
        {items.length === 0 ? (
          <p className="muted">{empty}</p>
        ) : shown.length === 0 ? (
          <p className="muted" role="status">
            Nothing matches what you typed.
          </p>
        ) : (
          shown.map((item) => (
            <label key={item.value} className="check">
              <span>
                <input
                  type="checkbox"
                  checked={chosen.has(item.value)}
                  onChange={(event) => toggle(item.value, event.target.checked)}
                />{' '}
                {item.label}
              </span>
              {item.detail ? <span className="muted">{item.detail}</span> : null}
            </label>
          ))
        )}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}
