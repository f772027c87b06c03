import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { adminRoutes, webhookEndpointInput } from '@outpost/contracts/admin';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@outpost/domain/admin-rules';
import { call } from '../api';
import { contractResolver } from '../components/contract-resolver';
import { DataTable } from '../components/data-table';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import {
  Badge,
  ErrorNotice,
  FormActions,
  PageHeader,
  QueryView,
  Section,
  When,
} from '../components/ui';
import { ShownOnce } from '../components/shown-once';

type Endpoint = Awaited<ReturnType<typeof call<typeof adminRoutes.adminListWebhooks>>>[number];
type Delivery = Awaited<ReturnType<typeof call<typeof adminRoutes.adminWebhookDeliveries>>>[number];

/** Webhooks (admin): where events go, signed, and what became of each delivery. */
export function WebhooksPage() {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<Endpoint | null>(null);
  const endpoints = useQuery({
    queryKey: ['webhooks'],
    queryFn: ({ signal }) => call(adminRoutes.adminListWebhooks, { signal }),
  });
  const disable = useMutation({
    mutationFn: (endpointid: number) =>
      call(adminRoutes.adminDisableWebhook, { params: { endpointid: String(endpointid) } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
  const columns: ColumnDef<Endpoint, unknown>[] = [
    {
      accessorKey: 'url',
      header: 'Endpoint',
      cell: ({ row }) => (
        <div className="cell-stack">
          <span className="strong mono">{row.original.url}</span>
          {row.original.description ? (
            <span className="muted">{row.original.description}</span>
          ) : null}
        </div>
      ),
    },
    {
      accessorKey: 'events',
      header: 'Events',
      enableSorting: false,
      cell: ({ getValue }) => <span className="muted">{getValue<string[]>().join(', ')}</span>,
    },
    {
      id: 'state',
      header: 'Status',
      accessorFn: (e) => (e.disabled ? 'disabled' : 'active'),
      cell: ({ getValue }) => <Badge status={getValue<string>()} />,
    },
    {
      accessorKey: 'created',
      header: 'Added',
      cell: ({ getValue }) => <When at={getValue<string>()} date />,
    },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.disabled ? null : (
          <button
            type="button"
            className="button quiet small danger"
            onClick={(event) => {
              event.stopPropagation();
              if (window.confirm(`Stop sending events to ${row.original.url}?`))
                disable.mutate(row.original.endpointid);
            }}
          >
            Disable
          </button>
        ),
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title="Webhooks"
        subtitle="Signed events for your systems, retried with backoff. Open an endpoint to see its deliveries."
        actions={
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            <Plus size={14} aria-hidden="true" /> Add endpoint
          </button>
        }
      />
      {disable.isError ? <ErrorNotice error={disable.error} /> : null}
      <QueryView query={endpoints}>
        {(data) => (
          <DataTable
            label="Webhook endpoints"
            columns={columns}
            data={data}
            onOpen={setSelected}
            rowLabel={(e) => e.url}
            empty="No endpoints yet. Add one to have events sent to your systems."
          />
        )}
      </QueryView>
      {selected ? <Deliveries endpoint={selected} /> : null}
      <NewEndpointDialog open={creating} onOpenChange={setCreating} onCreated={setSecret} />
      <ShownOnce
        value={secret}
        title="The endpoint's signing secret"
        description="Shown once. Your system checks each event's Outpost-Signature header with it."
        onDone={() => setSecret(null)}
      />
    </div>
  );
}

function Deliveries({ endpoint }: { endpoint: Endpoint }) {
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: ['deliveries', endpoint.endpointid],
    queryFn: ({ signal }) =>
      call(adminRoutes.adminWebhookDeliveries, {
        params: { endpointid: String(endpoint.endpointid) },
        signal,
      }),
  });
  const retry = useMutation({
    mutationFn: (deliveryid: number) =>
      call(adminRoutes.adminRetryWebhookDelivery, { params: { deliveryid: String(deliveryid) } }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: ['deliveries', endpoint.endpointid] }),
  });
  const columns: ColumnDef<Delivery, unknown>[] = [
    {
      accessorKey: 'created',
      header: 'When',
      cell: ({ getValue }) => <When at={getValue<string>()} />,
    },
    {
      accessorKey: 'event',
      header: 'Event',
      meta: { filter: { label: 'Event', all: 'Every event' } },
      cell: ({ getValue }) => <code>{getValue<string>()}</code>,
    },
    {
      accessorKey: 'status',
      header: 'Status',
      meta: { filter: { label: 'Status', all: 'Every status' } },
      cell: ({ getValue }) => <Badge status={getValue<string>()} />,
    },
    { accessorKey: 'attempts', header: 'Attempts', meta: { numeric: true } },
    {
      id: 'answer',
      header: 'Last answer',
      accessorFn: (d) => d.last_error ?? (d.last_status ? `HTTP ${d.last_status}` : '—'),
      cell: ({ getValue }) => <span className="muted">{getValue<string>()}</span>,
    },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.status === 'delivered' ? null : (
          <button
            type="button"
            className="button quiet small"
            disabled={retry.isPending}
            onClick={() => retry.mutate(row.original.deliveryid)}
          >
            Retry now
          </button>
        ),
    },
  ];
  return (
    <Section title={`Deliveries to ${endpoint.url}`}>
      {retry.isError ? <ErrorNotice error={retry.error} /> : null}
      <QueryView query={deliveries}>
        {(data) => (
          <DataTable label="Deliveries" columns={columns} data={data} empty="No deliveries yet." />
        )}
      </QueryView>
    </Section>
  );
}

type NewEndpoint = { url: string; description: string; events: WebhookEvent[] };

function NewEndpointDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (secret: string) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    defaultValues: { url: 'https://', description: '', events: [] } as NewEndpoint,
    resolver: contractResolver(
      webhookEndpointInput,
      (v: NewEndpoint) => ({
        url: v.url.trim(),
        events: v.events,
        ...(v.description.trim() ? { description: v.description.trim() } : {}),
      }),
      {
        url: 'Enter an https address, like https://billing.example.net/outpost.',
        events: 'Choose at least one event.',
        description: 'Use at most 200 characters.',
      },
    ),
  });
  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const created = await call(adminRoutes.adminCreateWebhook, { body });
      await queryClient.invalidateQueries({ queryKey: ['webhooks'] });
      reset();
      onOpenChange(false);
      onCreated(created.secret);
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add a webhook endpoint">
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field
          label="Address"
          type="url"
          hint="An https address on the public internet."
          error={errors.url?.message}
          {...register('url')}
        />
        <Field
          label="Description (optional)"
          autoComplete="off"
          error={errors.description?.message}
          {...register('description')}
        />
        <fieldset className="field span-2">
          <legend>Events</legend>
          <div className="check-grid">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="check">
                <input type="checkbox" value={event} {...register('events')} />
                <code>{event}</code>
              </label>
            ))}
          </div>
          {errors.events ? <p className="field-error">{errors.events.message}</p> : null}
        </fieldset>
        <FormActions
          onCancel={() => onOpenChange(false)}
          submitting={isSubmitting}
          label="Add endpoint"
          busyLabel="Adding…"
        />
      </form>
    </Dialog>
  );
}
