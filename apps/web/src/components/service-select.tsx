import { messages } from '@outpost/contracts/messages';
import { type ReactNode, useId } from 'react';
import { LoadError } from '@/components/load-error';

/**
 * The 'Plan' picker of the pages that work on one service at a time (Data Usage, Data Blocks):
 * a labelled select of the caller's services, keyed by service id. Each option names its service
 * first (serviceOptionLabel: its nickname, else its technology and address, then its plan and AVC
 * id), so a closed select cut short on a phone still shows which service is chosen.
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
    <div className="field field--inline service-select">
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

/**
 * The body of a page that works on one service at a time (Data Usage, Data Blocks): `loading` while
 * the services load, the load error with a retry, `empty` when none can be shown, else the 'Plan'
 * picker (with the page's `actions` beside it) above the page's view of the chosen service.
 */
export function ServicePageContent<S extends { serviceid: number }>({
  query,
  loading,
  empty,
  services,
  selected,
  optionLabel,
  onChange,
  actions,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  loading: ReactNode;
  empty: ReactNode;
  services: readonly S[];
  selected: S | null | undefined;
  optionLabel: (service: S) => string;
  onChange: (serviceid: string) => void;
  actions?: ReactNode;
  children: (selected: S) => ReactNode;
}) {
  const id = useId();
  if (query.isPending) return loading;
  if (query.isError)
    return <LoadError error={messages.banner.loadData} onRetry={() => void query.refetch()} />;
  if (!selected) return empty;
  return (
    <>
      <div className="toolbar">
        <ServiceSelect
          id={`${id}-service`}
          services={services}
          selected={selected}
          optionLabel={optionLabel}
          onChange={onChange}
        />
        {actions}
      </div>
      {children(selected)}
    </>
  );
}
