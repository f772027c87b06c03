/**
 * The 'Plan' picker of the pages that work on one service at a time (Data Usage, Data Blocks):
 * a labelled select of the caller's services, keyed by service id. A closed select shows one line
 * and a phone cuts a long name in it; the chosen service's full name is written out under it,
 * wrapping, and read with the select.
 */
export function ServiceSelect<S extends { serviceid: number }>({
  id,
  services,
  selected,
  optionLabel,
  onChange,
}: {
  id: string;
  services: readonly S[];
  selected: S;
  optionLabel: (service: S) => string;
  onChange: (serviceid: string) => void;
}) {
  const fullId = `${id}-full`;
  return (
    <div className="field field--inline service-select">
      <label htmlFor={id}>Plan</label>
      <select
        id={id}
        aria-describedby={fullId}
        value={String(selected.serviceid)}
        onChange={(event) => onChange(event.target.value)}
      >
        {services.map((s) => (
          <option key={s.serviceid} value={String(s.serviceid)}>
            {optionLabel(s)}
          </option>
        ))}
      </select>
      <p id={fullId} className="field__hint service-select__full">
        {optionLabel(selected)}
      </p>
    </div>
  );
}
