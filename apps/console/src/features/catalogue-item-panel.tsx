import { useState, type ReactNode } from 'react';
import {
  useForm,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { newIdempotencyKey } from '../api';
import { DataTable } from '../components/data-table';
import { Dialog } from '../components/dialog';
import { ErrorNotice, FormActions, QueryView, Section } from '../components/ui';

/**
 * One kind of catalogue item (an extra, a data block, a product): how it is listed, the words of
 * its panel and dialog, its form and how the form's values are sent.
 */
export type CatalogueItem<Item extends { name: string }, Values extends FieldValues, Body> = {
  /** The panel's heading and the table's label: 'Extras'. */
  title: string;
  /** The list's query key, refreshed after each create or change: 'extras'. */
  queryKey: string;
  /** Said while the list loads: 'Loading the extras'. */
  loading: string;
  /** Said when there is none: 'No extras yet.' */
  empty: string;
  /** The new button and the new dialog's title: 'New extra'. */
  newLabel: string;
  /** The new dialog's submit button: 'Add extra'. */
  addLabel: string;
  columns: ColumnDef<Item, unknown>[];
  /** What the dialog says under its title, for a new item (null) or a change; nothing if none. */
  description?: (item: Item | null) => string | undefined;
  list: (signal: AbortSignal) => Promise<Item[]>;
  /** The form's values for a new item (null) or a change. */
  values: (item: Item | null) => DefaultValues<Values>;
  /** The request body the form's values make. */
  body: (values: Values) => Body;
  /** The server's own rule for the whole body: a refusal is shown under one field. */
  problem?: (body: Body) => { field: Path<Values>; message: string } | null;
  create: (body: Body, idempotencyKey: string) => Promise<unknown>;
  change: (item: Item, body: Body) => Promise<unknown>;
  /** The form's fields, between the failure notice and Cancel and the submit button. */
  Fields: (props: CatalogueFieldsProps<Values>) => ReactNode;
};

/** What a kind's fields are given: the dialog's form. */
export type CatalogueFieldsProps<Values extends FieldValues> = {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  control: Control<Values>;
};

/** A catalogue kind's panel, as a component of its own (`<ExtrasPanel provisioning />`). */
export function catalogueItemPanel<Item extends { name: string }, Values extends FieldValues, Body>(
  kind: CatalogueItem<Item, Values, Body>,
) {
  return function CatalogueKindPanel({ provisioning }: { provisioning: boolean }) {
    return <CatalogueItemPanel kind={kind} provisioning={provisioning} />;
  };
}

/** A catalogue kind's panel: its list in the one DataTable; admins add and change items. */
export function CatalogueItemPanel<
  Item extends { name: string },
  Values extends FieldValues,
  Body,
>({ kind, provisioning }: { kind: CatalogueItem<Item, Values, Body>; provisioning: boolean }) {
  const [open, setOpen] = useState<Item | 'new' | null>(null);
  const items = useQuery({
    queryKey: [kind.queryKey],
    queryFn: ({ signal }) => kind.list(signal),
  });
  return (
    <Section
      title={kind.title}
      {...(items.data ? { count: items.data.length } : {})}
      actions={
        provisioning ? (
          <button type="button" className="button secondary small" onClick={() => setOpen('new')}>
            <Plus size={14} aria-hidden="true" /> {kind.newLabel}
          </button>
        ) : null
      }
    >
      <QueryView query={items} loading={kind.loading}>
        {(data) => (
          <DataTable
            label={kind.title}
            columns={kind.columns}
            data={data}
            empty={kind.empty}
            {...(provisioning ? { onOpen: setOpen, rowLabel: (item: Item) => item.name } : {})}
          />
        )}
      </QueryView>
      {open ? (
        <CatalogueItemDialog
          kind={kind}
          item={open === 'new' ? null : open}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Section>
  );
}

/** An item, new or changed: its form, sent once per Idempotency-Key when new. */
function CatalogueItemDialog<Item extends { name: string }, Values extends FieldValues, Body>({
  kind,
  item,
  onClose,
}: {
  kind: CatalogueItem<Item, Values, Body>;
  item: Item | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: kind.values(item) });
  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    const body = kind.body(v);
    const problem = kind.problem?.(body);
    if (problem) {
      setError(problem.field, { message: problem.message });
      return;
    }
    try {
      if (item) await kind.change(item, body);
      else await kind.create(body, idempotencyKey);
      await queryClient.invalidateQueries({ queryKey: [kind.queryKey] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  const description = kind.description?.(item);
  const { Fields } = kind;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={item ? `Change ${item.name}` : kind.newLabel}
      {...(description ? { description } : {})}
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Fields register={register} errors={errors} control={control} />
        <FormActions
          onCancel={onClose}
          submitting={isSubmitting}
          label={item ? 'Save changes' : kind.addLabel}
          busyLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}
