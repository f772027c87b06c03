import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { adminRoutes, apiKeyCreateInput, type ApiKeySummary } from '@outpost/contracts/admin';
import {
  API_KEY_DEFAULT_DAYS,
  API_KEY_MAX_DAYS,
  API_KEY_SCOPES,
} from '@outpost/domain/admin-rules';
import { call } from '../api';
import { contractResolver } from '../components/contract-resolver';
import { DataTable } from '../components/data-table';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { Badge, ErrorNotice, FormActions, PageHeader, QueryView, When } from '../components/ui';
import { ShownOnce } from '../components/shown-once';

/** API keys (admin): the provider's own systems' access to the admin API (decision 051). */
export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const keys = useQuery({
    queryKey: ['api-keys'],
    queryFn: ({ signal }) => call(adminRoutes.adminListApiKeys, { signal }),
  });
  const revoke = useMutation({
    mutationFn: (keyid: number) =>
      call(adminRoutes.adminRevokeApiKey, { params: { keyid: String(keyid) } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
  const columns: ColumnDef<ApiKeySummary, unknown>[] = [
    {
      accessorKey: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <div className="cell-stack">
          <span className="strong">{row.original.name}</span>
          <span className="muted mono">{row.original.prefix}…</span>
        </div>
      ),
    },
    {
      accessorKey: 'scopes',
      header: 'Scopes',
      enableSorting: false,
      cell: ({ getValue }) => getValue<string[]>().join(', '),
    },
    {
      accessorKey: 'last_used',
      header: 'Last used',
      cell: ({ getValue }) => <When at={getValue<string | null>()} />,
    },
    {
      accessorKey: 'expires',
      header: 'Expires',
      cell: ({ getValue }) => <When at={getValue<string>()} date />,
    },
    {
      id: 'state',
      header: 'Status',
      meta: { filter: { label: 'Status', all: 'Every status' } },
      accessorFn: (k) =>
        k.revoked ? 'revoked' : new Date(k.expires) < new Date() ? 'expired' : 'active',
      cell: ({ getValue }) => <Badge status={getValue<string>()} />,
    },
    {
      accessorKey: 'created_by',
      header: 'Created by',
      cell: ({ getValue }) => getValue<string | null>() ?? '—',
    },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.revoked ? null : (
          <button
            type="button"
            className="button quiet small danger"
            onClick={() => {
              if (
                window.confirm(`Revoke “${row.original.name}”? Calls with it are refused at once.`)
              )
                revoke.mutate(row.original.keyid);
            }}
          >
            Revoke
          </button>
        ),
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title="API keys"
        subtitle="For your billing and provisioning systems. A key is shown once, when it is made."
        actions={
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            <Plus size={14} aria-hidden="true" /> New API key
          </button>
        }
      />
      {revoke.isError ? <ErrorNotice error={revoke.error} /> : null}
      <QueryView query={keys}>
        {(data) => (
          <DataTable label="API keys" columns={columns} data={data} empty="No API keys yet." />
        )}
      </QueryView>
      <NewKeyDialog open={creating} onOpenChange={setCreating} onCreated={setCreated} />
      <ShownOnce
        value={created?.key ?? null}
        title={`Your new key: ${created?.name ?? ''}`}
        description="Copy it now into your system's secret store. It is not shown again; if it is lost, make a new one and revoke this."
        onDone={() => setCreated(null)}
      />
    </div>
  );
}

type NewKey = { name: string; scopes: string[]; expires_in_days: string };

function NewKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (key: { name: string; key: string }) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    defaultValues: {
      name: '',
      scopes: ['read'],
      expires_in_days: String(API_KEY_DEFAULT_DAYS),
    } as NewKey,
    resolver: contractResolver(
      apiKeyCreateInput,
      (v: NewKey) => ({
        name: v.name.trim(),
        scopes: v.scopes as (typeof API_KEY_SCOPES)[number][],
        expires_in_days: Number(v.expires_in_days),
      }),
      {
        name: 'Enter a name (at most 80 characters).',
        scopes: 'Choose at least one scope.',
        expires_in_days: `Enter 1 to ${API_KEY_MAX_DAYS} days.`,
      },
    ),
  });
  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const key = await call(adminRoutes.adminCreateApiKey, { body });
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
      reset();
      onOpenChange(false);
      onCreated({ name: key.name, key: key.key });
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New API key">
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field
          label="Name"
          hint="What uses it, e.g. Billing system."
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <fieldset className="field">
          <legend>Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="check">
              <input type="checkbox" value={scope} {...register('scopes')} />
              {scope === 'read'
                ? 'read: find and view customers, plans and services'
                : 'provisioning: create accounts and services'}
            </label>
          ))}
          {errors.scopes ? <p className="field-error">{errors.scopes.message}</p> : null}
        </fieldset>
        <Field
          label="Expires after (days)"
          type="number"
          min={1}
          max={API_KEY_MAX_DAYS}
          error={errors.expires_in_days?.message}
          {...register('expires_in_days')}
        />
        <FormActions
          onCancel={() => onOpenChange(false)}
          submitting={isSubmitting}
          label="Create key"
          busyLabel="Creating…"
        />
      </form>
    </Dialog>
  );
}
