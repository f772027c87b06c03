/**
 * The 'Plan' picker of the pages that work on one service at a time (Data Usage, Data Blocks):
 * a labelled select of the caller's services, keyed by service id.
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
  return (
    <div className="field field--inline">
      <label htmlFor={id}>Plan</label>
      <select
        id={id}
        value={String(selected.serviceid)}
        onChange={(event) => onChange(event.target.value)}
      >
        {services.map((s) => (
          <option key={s.serviceid} value={String(s.serviceid)}>
            {optionLabel(s)}
          </option>
        ))}
      </select>
    </div>
  );
}
