import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import {
  adminAdvisoriesRoutes,
  type AdminAdvisory,
  type AdminAdvisoryAreas,
} from '@outpost/contracts/admin-advisories';
import {
  ADVISORY_SEVERITIES,
  ADVISORY_STATUSES,
  ADVISORY_VIEWS,
  advisoryWindowProblem,
  type AdvisoryKind,
  type AdvisoryView,
} from '@outpost/domain/advisories-rules';
import { call, callPage, newIdempotencyKey } from '../api';
import { CheckList } from '../components/check-list';
import { DataTable } from '../components/data-table';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { Tabs } from '../components/tabs';
import {
  Badge,
  ErrorNotice,
  FormActions,
  Loading,
  PageHeader,
  QueryView,
  Section,
  When,
} from '../components/ui';
import { can, useSession } from '../session';

const PAGE = 20;
const routes = adminAdvisoriesRoutes;

const TAB_TITLES: Record<AdvisoryView, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  resolved: 'Resolved',
};

const EMPTY: Record<AdvisoryView, string> = {
  active: 'No open incidents. Customers see no network notices right now.',
  scheduled: 'No maintenance is scheduled.',
  resolved: 'Nothing resolved yet.',
};

const areasText = (a: AdminAdvisory['areas']) =>
  [
    ...a.postcodes.map((p) => `postcode ${p}`),
    ...a.beams.map((b) => `beam ${b}`),
    ...a.towers.map((t) => `tower ${t}`),
  ].join(', ');

/** A datetime-local value (the staff member's own zone) as an instant, or null when empty. */
const instantOf = (local: string) => (local ? new Date(local).toISOString() : null);

/**
 * Network status (docs/decisions/019, the staff editor): advisories open, scheduled and resolved;
 * publishing one for areas chosen from those services use, with who it affects before it goes
 * out; updates that reach its subscribers; resolving.
 */
export function NetworkPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab = (ADVISORY_VIEWS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as AdvisoryView)
    : 'active';
  const [creating, setCreating] = useState(false);
  const canWrite = can(session?.staff.role, 'provisioning');
  return (
    <div className="page">
      <PageHeader
        title="Network status"
        subtitle="What customers see on Outages & Network Status and on the dashboards of the services affected. Times are in your zone."
        actions={
          canWrite ? (
            <button type="button" className="button primary" onClick={() => setCreating(true)}>
              <Plus size={14} aria-hidden="true" /> New advisory
            </button>
          ) : null
        }
      />
      <Tabs
        label="Advisories"
        value={tab}
        onValueChange={(value) => setParams({ tab: value })}
        tabs={ADVISORY_VIEWS.map((view) => ({
          value: view,
          title: TAB_TITLES[view],
          content: <AdvisoryList view={view} canWrite={canWrite} />,
        }))}
      />
      {canWrite ? <AdvisoryEditor open={creating} onOpenChange={setCreating} /> : null}
    </div>
  );
}

function AdvisoryList({ view, canWrite }: { view: AdvisoryView; canWrite: boolean }) {
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<AdminAdvisory | null>(null);
  const [updating, setUpdating] = useState<AdminAdvisory | null>(null);
  const [resolving, setResolving] = useState<AdminAdvisory | null>(null);
  const list = useQuery({
    queryKey: ['advisories', view, offset],
    queryFn: ({ signal }) =>
      callPage(routes.adminAdvisories, {
        query: { view, limit: String(PAGE), offset: String(offset) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const open = view !== 'resolved';
  const columns: ColumnDef<AdminAdvisory, unknown>[] = [
    {
      accessorKey: 'title',
      header: 'Advisory',
      cell: ({ row }) => (
        <div className="cell-stack">
          <span className="strong">{row.original.title}</span>
          <span className="muted">
            {row.original.kind === 'maintenance' ? 'Maintenance' : 'Incident'} ·{' '}
            {areasText(row.original.areas)}
          </span>
        </div>
      ),
    },
    { accessorKey: 'severity', header: 'Severity' },
    {
      accessorKey: 'status',
      header: 'Status',
      cell: ({ getValue }) => <Badge status={getValue<string>()} />,
    },
    {
      accessorKey: 'started',
      header: view === 'scheduled' ? 'Starts' : 'Started',
      cell: ({ getValue }) => <When at={getValue<string>()} />,
    },
    {
      accessorKey: 'ended',
      header: view === 'resolved' ? 'Ended' : 'Ends',
      cell: ({ getValue }) => <When at={getValue<string | null>()} />,
    },
    { accessorKey: 'subscribers', header: 'Following', meta: { numeric: true } },
    ...(canWrite && open
      ? [
          {
            id: 'actions',
            header: () => <span className="visually-hidden">Actions</span>,
            enableSorting: false,
            cell: ({ row }) => (
              <span className="row-actions">
                <button
                  type="button"
                  className="button quiet small"
                  onClick={(event) => {
                    event.stopPropagation();
                    setUpdating(row.original);
                  }}
                >
                  Post update
                </button>
                <button
                  type="button"
                  className="button quiet small"
                  onClick={(event) => {
                    event.stopPropagation();
                    setResolving(row.original);
                  }}
                >
                  Resolve
                </button>
              </span>
            ),
          } satisfies ColumnDef<AdminAdvisory, unknown>,
        ]
      : []),
  ];
  const rows = list.data?.rows ?? [];
  const shown = selected ? (rows.find((r) => r.advisoryid === selected.advisoryid) ?? null) : null;
  return (
    <>
      {list.isPending ? (
        <Loading label="Loading advisories" />
      ) : list.isError ? (
        <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          label={`${TAB_TITLES[view]} advisories, the latest start first`}
          columns={columns}
          data={rows}
          onOpen={setSelected}
          rowLabel={(a) => a.title}
          empty={EMPTY[view]}
          pager={{
            offset,
            pageSize: PAGE,
            hasMore: list.data.hasMore,
            onPage: setOffset,
            busy: list.isPlaceholderData,
          }}
        />
      )}
      {shown ? <AdvisoryDetail advisory={shown} /> : null}
      {updating ? <UpdateDialog advisory={updating} onClose={() => setUpdating(null)} /> : null}
      {resolving ? <ResolveDialog advisory={resolving} onClose={() => setResolving(null)} /> : null}
    </>
  );
}

function AdvisoryDetail({ advisory }: { advisory: AdminAdvisory }) {
  return (
    <Section title={advisory.title} count={advisory.updates.length}>
      <p>{advisory.message}</p>
      <p className="muted">
        {advisory.kind === 'maintenance' ? 'Maintenance' : 'Incident'}, {advisory.severity}, for{' '}
        {areasText(advisory.areas)}. Published <When at={advisory.created} />;{' '}
        {advisory.subscribers} following.
      </p>
      {advisory.updates.length === 0 ? (
        <p className="muted">No updates yet.</p>
      ) : (
        <ol className="advisory-updates" aria-label="Updates, the newest first">
          {advisory.updates.map((u) => (
            <li key={u.updateid}>
              <When at={u.created} /> <Badge status={u.status} /> {u.note}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

type EditorValues = {
  kind: AdvisoryKind;
  title: string;
  message: string;
  severity: string;
  starts: string;
  ends: string;
};

const noAreas: AdminAdvisoryAreas = { postcodes: [], beams: [], towers: [] };
const areaCount = (a: AdminAdvisoryAreas) => a.postcodes.length + a.beams.length + a.towers.length;

/** A new advisory: an incident now, or maintenance in a window; areas from those services use. */
function AdvisoryEditor({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  // One key per form: a Publish sent again after a lost answer publishes nothing twice.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const [areas, setAreas] = useState<AdminAdvisoryAreas>(noAreas);
  const [areasError, setAreasError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditorValues>({
    defaultValues: {
      kind: 'incident',
      title: '',
      message: '',
      severity: 'High',
      starts: '',
      ends: '',
    },
  });
  const kind = watch('kind');
  const choices = useQuery({
    queryKey: ['advisory-areas'],
    queryFn: ({ signal }) => call(routes.adminAdvisoryAreas, { signal }),
    enabled: open,
  });
  const chosen = areaCount(areas) > 0;
  // The preview of exactly this choice: Publish waits for it.
  const preview = useQuery({
    queryKey: ['advisory-preview', areas],
    queryFn: ({ signal }) => call(routes.adminAdvisoryPreview, { body: { areas }, signal }),
    enabled: open && chosen,
  });
  const previewReady = chosen && preview.isSuccess && !preview.isFetching;

  const close = () => {
    reset();
    setAreas(noAreas);
    setFailure(null);
    setAreasError(undefined);
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    let bad = false;
    if (!v.title.trim()) {
      setError('title', { message: 'Enter a title customers will read.' });
      bad = true;
    }
    if (!v.message.trim()) {
      setError('message', { message: 'Say what is happening and what customers can do.' });
      bad = true;
    }
    if (!chosen) {
      setAreasError('Choose at least one postcode, beam or tower.');
      bad = true;
    }
    const starts = instantOf(v.starts);
    const ends = instantOf(v.ends);
    const problem = advisoryWindowProblem(
      v.kind,
      starts ? new Date(starts) : null,
      ends ? new Date(ends) : null,
      new Date(),
    );
    if (problem) {
      setError('ends', { message: problem });
      bad = true;
    }
    if (bad) return;
    try {
      await call(routes.adminCreateAdvisory, {
        idempotencyKey,
        body: {
          kind: v.kind,
          title: v.title.trim(),
          message: v.message.trim(),
          severity: v.severity as (typeof ADVISORY_SEVERITIES)[number],
          areas,
          ...(starts ? { starts_at: starts } : {}),
          ...(ends ? { ends_at: ends } : {}),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['advisories'] });
      setIdempotencyKey(newIdempotencyKey());
      close();
    } catch (error) {
      setFailure(error);
    }
  });

  const items = (list: { area: string; services: number }[]) =>
    list.map((a) => ({
      value: a.area,
      label: a.area,
      detail: `${a.services} ${a.services === 1 ? 'service' : 'services'}`,
    }));
  const pick = (key: keyof AdminAdvisoryAreas) => (values: string[]) => {
    setAreasError(undefined);
    setAreas((a) => ({ ...a, [key]: values }));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="New advisory"
      description="It shows at once on Outages & Network Status and on the dashboards of the customers whose services are in the areas chosen."
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="form-grid advisory-form"
      >
        <Field label="Kind" as="select" {...register('kind')}>
          <option value="incident">Incident (happening now)</option>
          <option value="maintenance">Scheduled maintenance</option>
        </Field>
        <Field label="Severity" as="select" {...register('severity')}>
          {ADVISORY_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Field>
        <div className="span-2">
          <Field
            label="Title"
            maxLength={150}
            autoComplete="off"
            placeholder="e.g. Outage: tower TWR-ISF-01"
            error={errors.title?.message}
            {...register('title')}
          />
        </div>
        <div className="span-2">
          <Field
            label="Message"
            as="textarea"
            maxLength={2000}
            hint="What customers read: what is happening, and what they can do."
            error={errors.message?.message}
            {...register('message')}
          />
        </div>
        <Field
          label={kind === 'maintenance' ? 'Starts' : 'Started (optional)'}
          type="datetime-local"
          hint={kind === 'maintenance' ? undefined : 'Empty: now.'}
          error={errors.starts?.message}
          {...register('starts')}
        />
        <Field
          label={kind === 'maintenance' ? 'Ends' : 'Expected end (optional)'}
          type="datetime-local"
          error={errors.ends?.message}
          {...register('ends')}
        />
        <div className="span-2">
          <QueryView query={choices} loading="Loading the areas services use">
            {(data) => (
              <div className="form-grid advisory-form">
                <CheckList
                  label="Towers"
                  items={items(data.towers)}
                  values={areas.towers}
                  onChange={pick('towers')}
                  empty="No service has a tower."
                />
                <CheckList
                  label="Satellite beams"
                  items={items(data.beams)}
                  values={areas.beams}
                  onChange={pick('beams')}
                  empty="No service has a beam."
                />
                <div className="span-2">
                  <CheckList
                    label="Postcodes"
                    items={items(data.postcodes)}
                    values={areas.postcodes}
                    onChange={pick('postcodes')}
                    error={areasError}
                  />
                </div>
              </div>
            )}
          </QueryView>
        </div>
        <p className="advisory-preview span-2" role="status" aria-live="polite">
          {!chosen
            ? 'Choose the areas to see who it affects.'
            : preview.isError
              ? 'Could not count the services affected. Try choosing again.'
              : previewReady
                ? `${preview.data.text}.`
                : 'Counting the services affected…'}
        </p>
        <div className="form-actions">
          <button type="button" className="button secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={isSubmitting || !previewReady}>
            {isSubmitting ? 'Publishing…' : 'Publish'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type UpdateValues = { note: string; status: string; ends: string };

/** An update: what subscribers are told, and a new status or expected end when there is one. */
function UpdateDialog({ advisory, onClose }: { advisory: AdminAdvisory; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateValues>({ defaultValues: { note: '', status: '', ends: '' } });
  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    if (!v.note.trim()) {
      setError('note', { message: 'Write what the subscribers are told.' });
      return;
    }
    const ends = instantOf(v.ends);
    try {
      await call(routes.adminAdvisoryUpdate, {
        idempotencyKey,
        params: { advisoryid: String(advisory.advisoryid) },
        body: {
          note: v.note.trim(),
          ...(v.status ? { status: v.status as 'Monitoring' } : {}),
          ...(ends ? { ends_at: ends } : {}),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['advisories'] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Post an update: ${advisory.title}`}
      description={`${advisory.subscribers} ${advisory.subscribers === 1 ? 'person follows' : 'people follow'} this advisory and will be told, by their alert preferences.`}
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="form-grid advisory-form"
      >
        <div className="span-2">
          <Field
            label="Update"
            as="textarea"
            maxLength={500}
            error={errors.note?.message}
            {...register('note')}
          />
        </div>
        <Field label="Status" as="select" {...register('status')}>
          <option value="">Keep {advisory.status}</option>
          {ADVISORY_STATUSES.filter((s) => s !== 'Resolved' && s !== advisory.status).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Field>
        <Field
          label="New expected end (optional)"
          type="datetime-local"
          error={errors.ends?.message}
          {...register('ends')}
        />
        <FormActions
          onCancel={onClose}
          submitting={isSubmitting}
          label="Post update"
          busyLabel="Posting…"
        />
      </form>
    </Dialog>
  );
}

/** Resolving, after a confirmation: it leaves the dashboards and its subscribers are told. */
function ResolveDialog({ advisory, onClose }: { advisory: AdminAdvisory; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [note, setNote] = useState('');
  const resolve = useMutation({
    mutationFn: () =>
      call(routes.adminResolveAdvisory, {
        idempotencyKey,
        params: { advisoryid: String(advisory.advisoryid) },
        body: note.trim() ? { note: note.trim() } : {},
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['advisories'] });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Resolve “${advisory.title}”?`}
      description={`It ends now and leaves customers' dashboards; it stays in the public history. ${advisory.subscribers} following will be told.`}
    >
      {resolve.isError ? <ErrorNotice error={resolve.error} /> : null}
      <form
        className="form-grid advisory-form"
        onSubmit={(event) => {
          event.preventDefault();
          resolve.mutate();
        }}
      >
        <div className="span-2">
          <Field
            label="What subscribers are told (optional)"
            as="textarea"
            maxLength={500}
            hint="Empty: “It is resolved.” and the time it ended."
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <FormActions
          onCancel={onClose}
          submitting={resolve.isPending}
          label="Resolve"
          busyLabel="Resolving…"
        />
      </form>
    </Dialog>
  );
}
