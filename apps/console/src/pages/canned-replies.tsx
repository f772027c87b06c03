import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { adminRoutes, cannedReplyInput, type CannedReply } from '@outpost/contracts/admin';
import {
  CANNED_BODY_MAX,
  CANNED_PLACEHOLDERS,
  CANNED_PLACEHOLDER_NAMES,
  CANNED_TITLE_MAX,
} from '@outpost/domain/tickets-rules-canned';
import { ApiError, call, newIdempotencyKey } from '../api';
import { contractResolver } from '../components/contract-resolver';
import { DataTable } from '../components/data-table';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { RowMenu } from '../components/menu';
import { ErrorNotice, FormActions, PageHeader, QueryView, When } from '../components/ui';
import {
  cannedFailurePlace,
  cannedPreview,
  insertIntoDraft,
  placeholderText,
} from '../features/desk-tools';
import { can, useSession } from '../session';

type Values = { title: string; body: string };

/**
 * The desk's canned replies (decision 057): everyone at the desk reads them (scope `tickets`) and
 * picks them on a ticket; staff admins (scope `provisioning`) write them. A text's placeholders
 * are filled in for each ticket; the server refuses one that does not exist, in its own words.
 */
export function CannedRepliesPage() {
  const session = useSession();
  const writer = can(session?.staff.role, 'provisioning');
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['canned-replies'],
    queryFn: ({ signal }) => call(adminRoutes.adminCannedReplies, { signal }),
  });
  const columns: ColumnDef<CannedReply, unknown>[] = [
    {
      accessorKey: 'title',
      header: 'Title',
      cell: ({ row }) => <span className="strong">{row.original.title}</span>,
    },
    {
      id: 'preview',
      header: 'Text',
      accessorFn: (c) => c.body,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="muted canned-preview">{cannedPreview(row.original.body)}</span>
      ),
    },
    {
      accessorKey: 'updated',
      header: 'Last changed',
      cell: ({ row }) => (
        <div className="cell-stack">
          <When at={row.original.updated} />
          <span className="muted">{row.original.updated_by}</span>
        </div>
      ),
    },
    ...(writer
      ? [
          {
            id: 'actions',
            header: () => <span className="visually-hidden">Actions</span>,
            enableSorting: false,
            cell: ({ row }) => (
              <div className="row-actions">
                <button
                  type="button"
                  className="button quiet small"
                  onClick={(event) => {
                    event.stopPropagation();
                    setDone(null);
                    setEditing(row.original);
                  }}
                >
                  Edit
                </button>
                <RowMenu
                  label={`More for ${row.original.title}`}
                  items={[
                    {
                      label: 'Delete…',
                      danger: true,
                      onSelect: () => {
                        setDone(null);
                        setDeleting(row.original);
                      },
                    },
                  ]}
                />
              </div>
            ),
          } satisfies ColumnDef<CannedReply, unknown>,
        ]
      : []),
  ];
  return (
    <div className="page">
      <PageHeader
        title="Canned replies"
        subtitle={
          writer
            ? 'Texts the desk puts into a reply, filled in for each ticket. The desk edits them before sending.'
            : 'Texts you can put into a reply from a ticket, filled in for it. Staff admins write them.'
        }
        actions={
          writer ? (
            <button
              type="button"
              className="button primary"
              onClick={() => {
                setDone(null);
                setEditing('new');
              }}
            >
              <Plus size={14} aria-hidden="true" /> New canned reply
            </button>
          ) : null
        }
      />
      {done ? (
        <p className="notice info" role="status">
          {done}
        </p>
      ) : null}
      <QueryView query={list} loading="Loading the canned replies">
        {(rows) => (
          <DataTable
            label="Canned replies, by title"
            columns={columns}
            data={rows}
            initialSorting={[{ id: 'title', desc: false }]}
            filterLabel="Find a canned reply"
            {...(writer ? { onOpen: setEditing, rowLabel: (c: CannedReply) => c.title } : {})}
            empty={
              writer
                ? 'No canned replies yet. Add the answers the desk gives most often.'
                : 'No canned replies yet. A staff admin adds them.'
            }
          />
        )}
      </QueryView>
      {editing ? (
        <CannedDialog
          key={editing === 'new' ? 'new' : editing.cannedid}
          canned={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            setDone(created ? `“${saved.title}” added.` : `“${saved.title}” saved.`);
          }}
        />
      ) : null}
      <DeleteDialog
        canned={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(gone) => {
          setDeleting(null);
          setDone(`“${gone.title}” deleted. Replies already sent keep their text.`);
        }}
      />
    </div>
  );
}

/** A new canned reply, or a change to one: its title and text, with the placeholders to insert. */
function CannedDialog({
  canned,
  onClose,
  onSaved,
}: {
  canned: CannedReply | null;
  onClose: () => void;
  onSaved: (saved: CannedReply, created: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  // One key per new canned reply as written: sent again after a failure, it is not made twice.
  const key = useRef<string | null>(null);
  const bodyBox = useRef<HTMLTextAreaElement | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    defaultValues: { title: canned?.title ?? '', body: canned?.body ?? '' } as Values,
    resolver: contractResolver(
      cannedReplyInput,
      (v: Values) => ({ title: v.title.trim(), body: v.body.trim() }),
      {
        title: `Give it a title of at most ${CANNED_TITLE_MAX} characters.`,
        body: `Write the text, at most ${CANNED_BODY_MAX.toLocaleString('en-AU')} characters.`,
      },
    ),
  });
  const { ref: bodyRef, ...bodyField } = register('body', {
    onChange: () => {
      key.current = null;
    },
  });
  const insert = (name: string) => {
    const box = bodyBox.current;
    const put = insertIntoDraft(
      getValues('body'),
      placeholderText(name),
      box ? { start: box.selectionStart, end: box.selectionEnd } : null,
    );
    setValue('body', put.value, { shouldDirty: true });
    key.current = null;
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(put.caret, put.caret);
    });
  };
  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      let saved: CannedReply;
      if (canned) {
        saved = await call(adminRoutes.adminUpdateCannedReply, {
          params: { cannedid: String(canned.cannedid) },
          body,
        });
      } else {
        key.current ??= newIdempotencyKey();
        saved = await call(adminRoutes.adminCreateCannedReply, {
          idempotencyKey: key.current,
          body,
        });
        key.current = null;
      }
      await queryClient.invalidateQueries({ queryKey: ['canned-replies'] });
      onSaved(saved, canned === null);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        key.current = null;
      const where = error instanceof ApiError ? cannedFailurePlace(error) : null;
      if (!where || where.place === 'form') setFailure(error);
      else setError(where.place, { type: 'server', message: where.message });
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={canned ? `Edit “${canned.title}”` : 'New canned reply'}
    >
      <form className="dialog-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field
          label="Title"
          autoComplete="off"
          maxLength={CANNED_TITLE_MAX}
          hint="What the desk types to find it on a ticket, such as Outage acknowledged."
          error={errors.title?.message}
          {...register('title')}
        />
        <Field
          as="textarea"
          label="Text"
          rows={8}
          maxLength={CANNED_BODY_MAX}
          hint="Placeholders are filled in for each ticket; the desk can still edit the text before sending."
          error={errors.body?.message}
          {...bodyField}
          ref={(element: Element | null) => {
            bodyRef(element);
            bodyBox.current = element instanceof HTMLTextAreaElement ? element : null;
          }}
        />
        <fieldset className="field">
          <legend>Insert a placeholder where the cursor is</legend>
          <ul className="chip-list">
            {CANNED_PLACEHOLDER_NAMES.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="chip"
                  title={CANNED_PLACEHOLDERS[name]}
                  aria-label={`Insert ${placeholderText(name)}: ${CANNED_PLACEHOLDERS[name]}`}
                  onClick={() => insert(name)}
                >
                  <code>{placeholderText(name)}</code>
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
        {failure ? <ErrorNotice error={failure} /> : null}
        <FormActions
          onCancel={onClose}
          submitting={isSubmitting}
          label={canned ? 'Save' : 'Add canned reply'}
          busyLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}

/** Deleting a canned reply, once confirmed: replies already sent keep their text. */
function DeleteDialog({
  canned,
  onClose,
  onDeleted,
}: {
  canned: CannedReply | null;
  onClose: () => void;
  onDeleted: (gone: CannedReply) => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (c: CannedReply) =>
      call(adminRoutes.adminDeleteCannedReply, { params: { cannedid: String(c.cannedid) } }),
    onSuccess: async (gone) => {
      await queryClient.invalidateQueries({ queryKey: ['canned-replies'] });
      onDeleted(gone);
    },
  });
  return (
    <Dialog
      open={canned !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose();
        }
      }}
      title="Delete this canned reply?"
      description={
        canned
          ? `“${canned.title}” will no longer be offered on tickets. Replies already sent with it keep their text.`
          : undefined
      }
    >
      {remove.isError ? <ErrorNotice error={remove.error} /> : null}
      <div className="form-actions">
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            remove.reset();
            onClose();
          }}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button secondary danger"
          disabled={remove.isPending || canned === null}
          onClick={() => canned && remove.mutate(canned)}
        >
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}
