import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { adminRoutes, staffCreateInput } from '@outpost/contracts/admin';
import { STAFF_ROLE_NAMES } from '@outpost/contracts/staff';
import { call } from '../api';
import { contractResolver } from '../components/contract-resolver';
import { DataTable } from '../components/data-table';
import { Dialog } from '../components/dialog';
import { RowMenu } from '../components/menu';
import { Field } from '../components/field';
import { roleLabel } from '../components/shell';
import { Badge, ErrorNotice, FormActions, PageHeader, QueryView, When } from '../components/ui';
import { ShownOnce } from '../components/shown-once';
import { useSession } from '../session';

type Member = Awaited<ReturnType<typeof call<typeof adminRoutes.adminListStaff>>>[number];
type Secret = { authenticator_secret: string; otpauth: string; for: string };

/** Staff administration (admin): who may sign in to the console, in which role. */
export function StaffPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<Secret | null>(null);
  const staff = useQuery({
    queryKey: ['staff'],
    queryFn: ({ signal }) => call(adminRoutes.adminListStaff, { signal }),
  });
  const update = useMutation({
    mutationFn: (v: { staffid: number; role?: Member['role']; active?: boolean }) =>
      call(adminRoutes.adminUpdateStaff, {
        params: { staffid: String(v.staffid) },
        body: {
          ...(v.role ? { role: v.role } : {}),
          ...(v.active !== undefined ? { active: v.active } : {}),
        },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
  const resetAuthenticator = useMutation({
    mutationFn: (m: Member) =>
      call(adminRoutes.adminResetStaffAuthenticator, {
        params: { staffid: String(m.staffid) },
      }).then((s) => ({ ...s, for: m.name })),
    onSuccess: setSecret,
  });

  const columns: ColumnDef<Member, unknown>[] = [
    {
      accessorKey: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <div className="cell-stack">
          <span className="strong">{row.original.name}</span>
          <span className="muted">{row.original.email}</span>
        </div>
      ),
    },
    {
      accessorKey: 'role',
      header: 'Role',
      meta: {
        filter: { label: 'Role', all: 'Every role', text: (v) => roleLabel(v as Member['role']) },
      },
      cell: ({ row }) =>
        row.original.staffid === session?.staff.staffid ? (
          roleLabel(row.original.role)
        ) : (
          <select
            aria-label={`Role of ${row.original.name}`}
            value={row.original.role}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate({
                staffid: row.original.staffid,
                role: event.target.value as Member['role'],
              })
            }
          >
            {STAFF_ROLE_NAMES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        ),
    },
    {
      accessorKey: 'active',
      header: 'Status',
      meta: {
        filter: { label: 'Status', all: 'Every status', text: (v) => (v ? 'Active' : 'Disabled') },
      },
      cell: ({ getValue }) => <Badge status={getValue<boolean>() ? 'active' : 'disabled'} />,
    },
    {
      accessorKey: 'last_sign_in',
      header: 'Last sign-in',
      cell: ({ getValue }) => <When at={getValue<string | null>()} />,
    },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.staffid === session?.staff.staffid ? (
          <span className="muted">You</span>
        ) : (
          <div className="row-actions">
            <RowMenu
              label={`Actions for ${row.original.name}`}
              items={[
                {
                  label: row.original.active ? 'Disable' : 'Enable',
                  danger: row.original.active,
                  onSelect: () =>
                    update.mutate({ staffid: row.original.staffid, active: !row.original.active }),
                },
                {
                  label: 'Reset authenticator',
                  onSelect: () => resetAuthenticator.mutate(row.original),
                },
              ]}
            />
          </div>
        ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title="Staff"
        subtitle="Support and billing can find and view customers; admins can also provision, manage keys and staff."
        actions={
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            <Plus size={14} aria-hidden="true" /> Add staff member
          </button>
        }
      />
      {update.isError ? <ErrorNotice error={update.error} /> : null}
      {resetAuthenticator.isError ? <ErrorNotice error={resetAuthenticator.error} /> : null}
      <QueryView query={staff}>
        {(data) => (
          <DataTable
            label="Staff"
            columns={columns}
            data={data}
            empty="No staff."
            filterLabel="Filter by name, email or role"
          />
        )}
      </QueryView>
      <NewStaffDialog open={creating} onOpenChange={setCreating} onCreated={setSecret} />
      <ShownOnce
        value={secret?.authenticator_secret ?? null}
        title={`Authenticator for ${secret?.for ?? ''}`}
        description="Shown once. Give it to them in person to add to their authenticator app; they need it to sign in."
        doneLabel="Done"
        onDone={() => setSecret(null)}
      >
        <p className="muted small-text">
          Or as a link for the app: <code className="wrap">{secret?.otpauth}</code>
        </p>
      </ShownOnce>
    </div>
  );
}

type NewStaff = { name: string; email: string; role: Member['role']; password: string };

function NewStaffDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (secret: Secret) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    defaultValues: { name: '', email: '', role: 'support', password: '' } as NewStaff,
    resolver: contractResolver(
      staffCreateInput,
      (v: NewStaff) => ({ ...v, name: v.name.trim(), email: v.email.trim() }),
      {
        name: 'Enter their name (at most 100 characters).',
        email: 'Enter an email address, like name@example.com.',
        password: 'Use 12 to 200 characters.',
      },
    ),
  });
  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const created = await call(adminRoutes.adminCreateStaff, { body });
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      reset();
      onOpenChange(false);
      onCreated({
        authenticator_secret: created.authenticator_secret,
        otpauth: created.otpauth,
        for: created.name,
      });
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add a staff member">
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <Field
          label="Work email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field label="Role" as="select" {...register('role')}>
          {STAFF_ROLE_NAMES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </Field>
        <Field
          label="First password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters. Hand it over in person."
          error={errors.password?.message}
          {...register('password')}
        />
        <FormActions
          onCancel={() => onOpenChange(false)}
          submitting={isSubmitting}
          label="Add staff member"
          busyLabel="Adding…"
        />
      </form>
    </Dialog>
  );
}
