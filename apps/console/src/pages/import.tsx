import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Download, FileUp } from 'lucide-react';
import { adminRoutes, type AdminImportRun } from '@outpost/contracts/admin';
import { IMPORT_COLUMNS } from '@outpost/domain/import-rules';
import { call, newIdempotencyKey } from '../api';
import { DataTable } from '../components/data-table';
import { ErrorNotice, PageHeader, Section } from '../components/ui';

type Problem = AdminImportRun['problems'][number];

const problemColumns: ColumnDef<Problem, unknown>[] = [
  { accessorKey: 'line', header: 'Line', meta: { numeric: true } },
  {
    accessorKey: 'column',
    header: 'Column',
    cell: ({ getValue }) => <code>{getValue<string>()}</code>,
  },
  { accessorKey: 'message', header: 'Problem' },
];

/** The import's template: the header row, for a spreadsheet to fill in. */
const TEMPLATE = `${IMPORT_COLUMNS.join(',')}\n`;

/**
 * Bulk migration (admin; decision 053): a CSV of accounts, holders and services, checked first
 * (every problem by line and column, nothing written), then imported in batches that survive a
 * failure; a large file runs in the background and this page follows it.
 */
export function ImportPage() {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [invite, setInvite] = useState(false);
  const [checked, setChecked] = useState<AdminImportRun | null>(null);
  const [run, setRun] = useState<AdminImportRun | null>(null);
  const [started, setStarted] = useState<number | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const [template] = useState(() =>
    URL.createObjectURL(new Blob([TEMPLATE], { type: 'text/csv' })),
  );
  useEffect(() => () => URL.revokeObjectURL(template), [template]);

  const query = { invite: invite ? 'true' : 'false' } as const;
  const check = useMutation({
    mutationFn: (text: string) =>
      call(adminRoutes.adminImport, { query: { ...query, dry_run: 'true' }, body: text }),
    onSuccess: setChecked,
  });
  const start = useMutation({
    mutationFn: (text: string) =>
      call(adminRoutes.adminImport, { query, body: text, idempotencyKey: idempotencyKey.current }),
    onMutate: () => setStarted(Date.now()),
    onSuccess: setRun,
  });
  // A queued run: its progress every second until it ends.
  const progress = useQuery({
    queryKey: ['import', run?.importid],
    queryFn: ({ signal }) =>
      call(adminRoutes.adminImportRun, { params: { importid: String(run!.importid) }, signal }),
    enabled: run?.status === 'running' && run.importid !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' ? false : 1000),
  });
  const current = progress.data ?? run;
  const seconds =
    started && current?.finished ? (Date.parse(current.finished) - started) / 1000 : null;

  const choose = async (chosen: File | undefined) => {
    setChecked(null);
    setRun(null);
    check.reset();
    start.reset();
    idempotencyKey.current = newIdempotencyKey();
    setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null);
  };

  return (
    <div className="page">
      <PageHeader
        title="Import customers"
        subtitle="Accounts, their holders and services from a CSV file, one row per service. Rows with the same account_external_id are one account; a file sent again changes nothing already there."
        actions={
          <a className="button secondary" href={template} download="outpost-import-template.csv">
            <Download size={14} aria-hidden="true" /> Template
          </a>
        }
      />
      <Section title="1. Choose the file">
        <div className="panel-body import-choose">
          <label className="file-picker">
            <FileUp size={16} aria-hidden="true" />
            <span>{file ? 'Choose another CSV file' : 'Choose a CSV file'}</span>
            <input
              type="file"
              accept=".csv,text/csv"
              className="visually-hidden"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </label>
          {file ? <span className="mono">{file.name}</span> : null}
          <label className="check">
            <input
              type="checkbox"
              checked={invite}
              onChange={(event) => setInvite(event.target.checked)}
            />
            Email new holders an invitation to set a password (off: they use Forgot password when
            they first come)
          </label>
          <button
            type="button"
            className="button primary"
            disabled={!file || check.isPending}
            onClick={() => file && check.mutate(file.text)}
          >
            {check.isPending ? 'Checking…' : 'Check file'}
          </button>
        </div>
      </Section>
      {check.isError ? <ErrorNotice error={check.error} /> : null}
      {checked ? (
        <Section
          title="2. Check"
          {...(checked.problems.length ? { count: checked.problems.length } : {})}
        >
          {checked.status === 'valid' ? (
            <div className="panel-body">
              <p className="notice info" role="status">
                {checked.rows.toLocaleString('en-AU')} rows are ready:{' '}
                {checked.accounts_created.toLocaleString('en-AU')} accounts to create,{' '}
                {checked.accounts_updated.toLocaleString('en-AU')} to update,{' '}
                {checked.services_created.toLocaleString('en-AU')} services to add,{' '}
                {checked.services_unchanged.toLocaleString('en-AU')} already there
                {checked.contacts_created + checked.contacts_unchanged > 0
                  ? `; ${checked.contacts_created.toLocaleString('en-AU')} contacts to add, ${checked.contacts_unchanged.toLocaleString('en-AU')} already there`
                  : ''}
                .
              </p>
            </div>
          ) : (
            <>
              <p className="notice error panel-notice" role="alert">
                The file has{' '}
                {checked.problems.length === 1
                  ? '1 problem'
                  : `${checked.problems.length} problems`}
                ; nothing was written. Correct them and choose the file again.
              </p>
              <DataTable
                label="Problems in the file"
                columns={problemColumns}
                data={checked.problems}
                empty=""
              />
            </>
          )}
        </Section>
      ) : null}
      {checked?.status === 'valid' ? (
        <Section title="3. Import">
          <div className="panel-body import-run">
            {!current ? (
              <button
                type="button"
                className="button primary"
                disabled={start.isPending}
                onClick={() => file && start.mutate(file.text)}
              >
                {start.isPending
                  ? 'Starting…'
                  : `Import ${checked.rows.toLocaleString('en-AU')} rows`}
              </button>
            ) : (
              <>
                <progress
                  value={current.rows_done}
                  max={current.rows}
                  aria-label="Rows imported"
                  className="import-progress"
                />
                <p role="status" className="import-status">
                  {current.status === 'running'
                    ? `Importing: ${current.rows_done.toLocaleString('en-AU')} of ${current.rows.toLocaleString('en-AU')} rows…`
                    : current.status === 'done'
                      ? `Imported ${current.rows.toLocaleString('en-AU')} rows: ${current.accounts_created.toLocaleString('en-AU')} accounts created, ${current.accounts_updated.toLocaleString('en-AU')} updated, ${current.services_created.toLocaleString('en-AU')} services added${current.contacts_created ? `, ${current.contacts_created.toLocaleString('en-AU')} contacts added` : ''}${seconds ? ` in ${Math.round(seconds)} s` : ''}.`
                      : current.status === 'failed'
                        ? `Stopped after ${current.rows_done.toLocaleString('en-AU')} rows. Send the same file again to continue where it stopped.`
                        : 'The file was refused; nothing was written.'}
                </p>
                {current.status === 'done' ? <Link to="/customers">Find a customer</Link> : null}
              </>
            )}
          </div>
          {start.isError ? <ErrorNotice error={start.error} /> : null}
        </Section>
      ) : null}
    </div>
  );
}
