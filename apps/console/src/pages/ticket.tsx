import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, FileText, LockKeyhole, Paperclip, X } from 'lucide-react';
import { adminRoutes, type DeskTicket, type DeskTicketView } from '@outpost/contracts/admin';
import { formatDollars } from '@outpost/domain/money';
import {
  ATTACHMENT_ACCEPT,
  formatFileSize,
  TICKET_MESSAGE_MAX,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TEAMS,
  type TicketPriority,
  type TicketTeam,
} from '@outpost/domain/tickets-rules';
import { ApiError, call, download, newIdempotencyKey } from '../api';
import { Field } from '../components/field';
import {
  Allowance,
  Badge,
  ErrorNotice,
  Loading,
  PageHeader,
  Section,
  When,
} from '../components/ui';
import { attachmentProblem, latestMessageId, priorityText, teamText } from '../features/desk-queue';
import { useDeskStaff } from '../features/desk-staff';
import { Due, useNow } from '../features/desk-ui';
import { useSession } from '../session';

type Message = DeskTicketView['messages'][number];
type Note = DeskTicketView['notes'][number];
type Entry =
  { kind: 'message'; at: string; message: Message } | { kind: 'note'; at: string; note: Note };

const NOTE_LABEL = 'Internal note — the customer never sees this';

/** The conversation and the notes in the order they were written. */
function timeline(view: DeskTicketView): Entry[] {
  const entries: Entry[] = [
    ...view.messages.map((message) => ({ kind: 'message' as const, at: message.created, message })),
    ...view.notes.map((note) => ({ kind: 'note' as const, at: note.created, note })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** A file's bytes as base64 (the reply carries them in its JSON body), read by the browser. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new ApiError(0, 'The file could not be read. Choose it again.'));
    reader.readAsDataURL(file);
  });
}

/**
 * One ticket at the desk (decision 057): the conversation the customer sees and the desk's internal
 * notes, the customer beside it, and the desk's actions: assign, priority, status and team, reply
 * under the staff member's name (with a file), and an internal note.
 */
export function TicketPage() {
  const ticketid = Number(useParams().ticketid);
  const valid = Number.isInteger(ticketid) && ticketid > 0;
  const now = useNow();
  const view = useQuery({
    queryKey: ['desk-ticket', ticketid],
    queryFn: ({ signal }) =>
      call(adminRoutes.adminTicket, { params: { ticketid: String(ticketid) }, signal }),
    enabled: valid,
    refetchInterval: 60_000,
  });

  if (!valid || view.isError) {
    return (
      <div className="page">
        <BackLink />
        {valid ? (
          <ErrorNotice error={view.error} onRetry={() => void view.refetch()} />
        ) : (
          <ErrorNotice error={new ApiError(404, 'No such ticket.')} />
        )}
      </div>
    );
  }
  if (view.isPending)
    return (
      <div className="page">
        <Loading label="Loading the ticket" />
      </div>
    );
  const v = view.data;
  const t = v.ticket;
  return (
    <div className="page">
      <BackLink />
      <PageHeader
        title={
          <>
            <span className="mono">{t.number}</span> {t.subject}
          </>
        }
        subtitle={
          <>
            <Badge status={t.status} />{' '}
            <span className="muted">(the customer sees {t.status_label})</span> · {t.category} ·
            opened <When at={t.created} /> · <Due due={t.due} overdue={t.overdue} now={now} />
          </>
        }
      />
      <div className="desk-layout">
        <div className="desk-main">
          <TicketActions ticket={t} />
          <Section title="Conversation" count={v.messages.length + v.notes.length}>
            <Thread view={v} />
          </Section>
          <ReplyForm ticketid={ticketid} view={v} onStale={() => void view.refetch()} />
          <NoteForm ticketid={ticketid} />
        </div>
        <CustomerContext view={v} />
      </div>
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/tickets" className="back-link">
      <ChevronLeft size={14} aria-hidden="true" /> Tickets
    </Link>
  );
}

function Thread({ view }: { view: DeskTicketView }) {
  const [failure, setFailure] = useState<unknown>(null);
  const entries = timeline(view);
  if (entries.length === 0) return <p className="panel-body muted">No messages yet.</p>;
  return (
    <>
      {failure ? <ErrorNotice error={failure} /> : null}
      <ol className="thread">
        {entries.map((e) =>
          e.kind === 'message' ? (
            <li
              key={`m${e.message.id}`}
              className={
                e.message.from_customer ? 'thread-item from-customer' : 'thread-item from-staff'
              }
            >
              <div className="thread-meta">
                <span className="strong">{e.message.author_name}</span>
                <span className="muted">
                  {e.message.from_customer ? 'Customer' : 'Staff'}
                  {e.message.on_behalf_of ? ` for ${e.message.on_behalf_of}` : ''}
                </span>
                <When at={e.message.created} />
              </div>
              <p className="thread-body">{e.message.body}</p>
              {e.message.attachments.length > 0 ? (
                <ul className="plain-list attachments" aria-label="Attachments">
                  {e.message.attachments.map((a) => (
                    <li key={a.attachmentid}>
                      <Paperclip size={12} aria-hidden="true" />
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => {
                          setFailure(null);
                          download(adminRoutes.adminTicketAttachment, {
                            params: {
                              ticketid: String(view.ticket.ticketid),
                              attachmentid: String(a.attachmentid),
                            },
                          }).catch(setFailure);
                        }}
                      >
                        {a.filename}
                      </button>{' '}
                      <span className="muted">
                        ({a.content_type === 'application/pdf' ? 'PDF' : 'image'},{' '}
                        {formatFileSize(a.size)})
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ) : (
            <li key={`n${e.note.noteid}`} className="thread-item internal-note">
              <p className="note-label">
                <LockKeyhole size={12} aria-hidden="true" /> {NOTE_LABEL}
              </p>
              <div className="thread-meta">
                <span className="strong">{e.note.author_name}</span>
                <When at={e.note.created} />
              </div>
              <p className="thread-body">{e.note.body}</p>
            </li>
          ),
        )}
      </ol>
    </>
  );
}

/** Who owns the ticket, and its priority, status and team. */
function TicketActions({ ticket }: { ticket: DeskTicket }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const people = useDeskStaff([ticket.assignee]);
  const [chosen, setChosen] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const key = ['desk-ticket', ticket.ticketid];
  const keep = (updated: DeskTicket) => {
    queryClient.setQueryData<DeskTicketView>(key, (old) =>
      old ? { ...old, ticket: updated } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['desk-tickets'] });
  };
  const assign = useMutation({
    mutationFn: (assignee: number | null) =>
      call(adminRoutes.adminAssignTicket, {
        params: { ticketid: String(ticket.ticketid) },
        body: { assignee, expected_assignee: ticket.assignee?.staffid ?? null },
      }),
    onMutate: () => setDone(null),
    onSuccess: (updated) => {
      keep(updated);
      setChosen('');
      setDone(updated.assignee ? `Assigned to ${updated.assignee.name}.` : 'Unassigned.');
    },
    // Someone else took it meanwhile: the server's words say who; the page shows who has it now.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const update = useMutation({
    mutationFn: (change: {
      priority?: TicketPriority;
      status?: (typeof TICKET_STATUSES)[number];
      team?: TicketTeam | null;
    }) =>
      call(adminRoutes.adminUpdateTicket, {
        params: { ticketid: String(ticket.ticketid) },
        body: change,
      }),
    onMutate: () => setDone(null),
    onSuccess: (updated, change) => {
      keep(updated);
      setDone(
        change.priority
          ? `Priority changed to ${priorityText(updated.priority)}; now due ${new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(updated.due))}.`
          : change.status
            ? `Status changed to ${updated.status}.`
            : `Team changed to ${teamText(updated.team)}.`,
      );
    },
  });
  const me = session?.staff.staffid;
  const busy = assign.isPending || update.isPending;
  return (
    <Section title="Ticket">
      <div className="panel-body desk-actions">
        <div className="desk-owner">
          <p>
            <span className="muted">Assignee:</span>{' '}
            <span className="strong">{ticket.assignee ? ticket.assignee.name : 'Unassigned'}</span>
          </p>
          <div className="row-actions">
            {ticket.assignee?.staffid !== me && me !== undefined ? (
              <button
                type="button"
                className="button primary small"
                disabled={busy}
                onClick={() => assign.mutate(me)}
              >
                Assign to me
              </button>
            ) : null}
            {ticket.assignee ? (
              <button
                type="button"
                className="button quiet small"
                disabled={busy}
                onClick={() => assign.mutate(null)}
              >
                Unassign
              </button>
            ) : null}
          </div>
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (chosen) assign.mutate(Number(chosen));
            }}
          >
            <Field
              label="Assign to"
              as="select"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
            >
              <option value="">Choose a staff member</option>
              {people
                .filter((p) => p.staffid !== ticket.assignee?.staffid)
                .map((p) => (
                  <option key={p.staffid} value={String(p.staffid)}>
                    {p.staffid === me ? `${p.name} (me)` : p.name}
                  </option>
                ))}
            </Field>
            <button type="submit" className="button secondary small" disabled={busy || !chosen}>
              Assign
            </button>
          </form>
        </div>
        <div className="desk-fields">
          <Field
            label="Priority"
            as="select"
            value={ticket.priority}
            disabled={busy}
            onChange={(event) => update.mutate({ priority: event.target.value as TicketPriority })}
          >
            {TICKET_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {priorityText(p)}
              </option>
            ))}
          </Field>
          <Field
            label="Status"
            as="select"
            value={ticket.status}
            disabled={busy}
            onChange={(event) =>
              update.mutate({ status: event.target.value as (typeof TICKET_STATUSES)[number] })
            }
          >
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Field>
          <Field
            label="Team"
            as="select"
            value={ticket.team ?? ''}
            disabled={busy}
            onChange={(event) =>
              update.mutate({ team: (event.target.value || null) as TicketTeam | null })
            }
          >
            <option value="">No team</option>
            {TICKET_TEAMS.map((t) => (
              <option key={t} value={t}>
                {teamText(t)}
              </option>
            ))}
          </Field>
        </div>
        {assign.isError ? <ErrorNotice error={assign.error} /> : null}
        {update.isError ? <ErrorNotice error={update.error} /> : null}
        {done ? (
          <p className="notice info" role="status">
            {done}
          </p>
        ) : null}
      </div>
    </Section>
  );
}

/**
 * A reply to the customer under the staff member's name. It names the newest message the staff
 * member saw (after_reply_id): when someone wrote since, nothing is sent (409) and the thread is
 * read again so they see it first. One Idempotency-Key per reply as written, reused when the same
 * reply is sent again after a failure; a changed reply is a new one.
 */
function ReplyForm({
  ticketid,
  view,
  onStale,
}: {
  ticketid: number;
  view: DeskTicketView;
  onStale: () => void;
}) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const key = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // A changed reply is another request: it takes a key of its own.
  const edited = () => {
    key.current = null;
    setSent(null);
  };
  const seen = latestMessageId(view.messages);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setProblem(null);
    if (message.trim() === '') return setProblem('Write the reply first.');
    if (fileProblem) return setProblem(fileProblem);
    key.current ??= newIdempotencyKey();
    setSending(true);
    try {
      const attachment = file
        ? { filename: file.name, size: file.size, content: await base64Of(file) }
        : undefined;
      const result = await call(adminRoutes.adminReplyTicket, {
        idempotencyKey: key.current,
        params: { ticketid: String(ticketid) },
        body: {
          message: message.trim(),
          ...(status ? { status: status as (typeof TICKET_STATUSES)[number] } : {}),
          ...(seen !== undefined ? { after_reply_id: seen } : {}),
          ...(attachment ? { attachment } : {}),
        },
      });
      key.current = null;
      setMessage('');
      setStatus('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setSent(
        `Reply sent to the customer; the ticket is ${result.status} (they see ${result.status_label}).`,
      );
      await queryClient.invalidateQueries({ queryKey: ['desk-ticket', ticketid] });
      void queryClient.invalidateQueries({ queryKey: ['desk-tickets'] });
    } catch (error) {
      setFailure(error);
      // Refused: nothing was sent, so sending again is a new request.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        key.current = null;
      // Someone wrote since the message seen: show it, keep the draft.
      if (error instanceof ApiError && error.status === 409) onStale();
    } finally {
      setSending(false);
    }
  };

  return (
    <Section title="Reply to the customer">
      <form className="panel-body reply-form" onSubmit={(event) => void send(event)} noValidate>
        <div className={`field${problem && !fileProblem ? ' has-error' : ''}`}>
          <label htmlFor="reply-message">Reply (the customer reads this, under your name)</label>
          <textarea
            id="reply-message"
            rows={5}
            maxLength={TICKET_MESSAGE_MAX}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              edited();
            }}
          />
        </div>
        <div className="reply-options">
          <Field
            label="Then the ticket is"
            as="select"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              edited();
            }}
          >
            <option value="">As the reply leaves it (New becomes Open)</option>
            <option value="Waiting">Waiting on the customer</option>
            <option value="Open">Open</option>
            <option value="Stalled">Stalled</option>
            <option value="Resolved">Resolved</option>
          </Field>
          <div className="field">
            <span className="field-label" id="reply-file-label">
              Attachment (optional)
            </span>
            <div className="file-row">
              <label className="file-picker">
                <Paperclip size={14} aria-hidden="true" />
                <span>{file ? 'Choose another file' : 'Attach a photo or PDF'}</span>
                <input
                  ref={fileInput}
                  type="file"
                  accept={ATTACHMENT_ACCEPT}
                  className="visually-hidden"
                  aria-describedby="reply-file-hint"
                  onChange={(event) => {
                    const chosen = event.target.files?.[0] ?? null;
                    setFile(chosen);
                    setFileProblem(chosen ? attachmentProblem(chosen) : null);
                    edited();
                  }}
                />
              </label>
              {file ? (
                <span className="file-chosen">
                  <FileText size={14} aria-hidden="true" /> {file.name}{' '}
                  <span className="muted">({formatFileSize(file.size)})</span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => {
                      setFile(null);
                      setFileProblem(null);
                      if (fileInput.current) fileInput.current.value = '';
                      edited();
                    }}
                  >
                    <X size={14} aria-hidden="true" />
                  </button>
                </span>
              ) : null}
            </div>
            <p id="reply-file-hint" className="field-hint">
              A photo (PNG, JPEG, GIF or WebP) or a PDF, 5 MB or less.
            </p>
            {fileProblem ? <p className="field-error">{fileProblem}</p> : null}
          </div>
        </div>
        {problem && problem !== fileProblem ? <p className="field-error">{problem}</p> : null}
        {failure ? <ErrorNotice error={failure} /> : null}
        {sent ? (
          <p className="notice info" role="status">
            {sent}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={sending}>
            {sending ? 'Sending…' : 'Send reply'}
          </button>
        </div>
      </form>
    </Section>
  );
}

/** An internal note: for the desk, never the customer. */
function NoteForm({ ticketid }: { ticketid: number }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const add = useMutation({
    mutationFn: (text: string) => {
      key.current ??= newIdempotencyKey();
      return call(adminRoutes.adminAddTicketNote, {
        idempotencyKey: key.current,
        params: { ticketid: String(ticketid) },
        body: { body: text },
      });
    },
    onSuccess: async () => {
      key.current = null;
      setBody('');
      await queryClient.invalidateQueries({ queryKey: ['desk-ticket', ticketid] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        key.current = null;
    },
  });
  return (
    <Section title="Internal note">
      <form
        className="panel-body reply-form note-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          if (body.trim() === '') return setProblem('Write the note first.');
          add.mutate(body.trim());
        }}
      >
        <p className="note-label">
          <LockKeyhole size={12} aria-hidden="true" /> {NOTE_LABEL}
        </p>
        <div className={`field${problem ? ' has-error' : ''}`}>
          <label htmlFor="note-body">Note for the desk</label>
          <textarea
            id="note-body"
            rows={3}
            maxLength={TICKET_MESSAGE_MAX}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              key.current = null;
              add.reset();
            }}
          />
          {problem ? <p className="field-error">{problem}</p> : null}
        </div>
        {add.isError ? <ErrorNotice error={add.error} /> : null}
        {add.isSuccess ? (
          <p className="notice info" role="status">
            Note added. Only staff see it.
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button secondary" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add internal note'}
          </button>
        </div>
      </form>
    </Section>
  );
}

/** Who the customer is and what they have, beside the ticket (below it on a narrow screen). */
function CustomerContext({ view }: { view: DeskTicketView }) {
  const c = view.customer;
  const holder = c.contacts.find((x) => x.is_holder);
  return (
    <aside className="desk-aside" aria-label="The customer">
      <Section title="Customer">
        <dl className="panel-body facts">
          <div>
            <dt>Account</dt>
            <dd>
              <Link to={`/customers/${c.accountid}`}>
                {c.name} · {c.accountid}
              </Link>{' '}
              <Badge status={c.status} />
            </dd>
          </div>
          <div>
            <dt>Account holder</dt>
            <dd>
              {holder ? holder.name : '—'}
              {holder?.email ? <span className="muted"> · {holder.email}</span> : null}
              {holder?.mobile ? <span className="muted"> · {holder.mobile}</span> : null}
            </dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd className={c.balance_cents > 0 ? 'owing' : undefined}>
              {c.balance_cents > 0
                ? `${formatDollars(c.balance_cents)} owing`
                : c.balance_cents < 0
                  ? `${formatDollars(-c.balance_cents)} in credit`
                  : '$0.00'}
            </dd>
          </div>
          {view.ticket.service ? (
            <div>
              <dt>This ticket is about</dt>
              <dd>
                {view.ticket.service.technology}{' '}
                <span className="mono">{view.ticket.service.identifier}</span>
              </dd>
            </div>
          ) : null}
        </dl>
      </Section>
      <Section title="Services" count={c.services.length}>
        {c.services.length === 0 ? (
          <p className="panel-body muted">No services.</p>
        ) : (
          <ul className="plain-list context-list">
            {c.services.map((s) => (
              <li
                key={s.serviceid}
                className={view.ticket.service?.serviceid === s.serviceid ? 'current' : undefined}
              >
                <div>
                  <span className="strong">{s.nickname ?? s.technology}</span>{' '}
                  <span className="mono muted">{s.identifier}</span> <Badge status={s.status} />
                </div>
                <div className="muted">
                  {s.plan} · {s.address}
                </div>
                {s.usage ? (
                  <>
                    <Allowance
                      label={s.usage.peak_label}
                      usedMb={s.usage.peak.used_mb}
                      totalMb={s.usage.peak.total_mb}
                      blocksMb={s.usage.peak.blocks_mb}
                    />
                    {s.usage.offpeak.total_mb || s.usage.offpeak.used_mb ? (
                      <Allowance
                        label="Off-peak"
                        usedMb={s.usage.offpeak.used_mb}
                        totalMb={s.usage.offpeak.total_mb}
                        blocksMb={s.usage.offpeak.blocks_mb}
                      />
                    ) : null}
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Open advisories" count={view.advisories.length}>
        {view.advisories.length === 0 ? (
          <p className="panel-body muted">No open advisory covers their services.</p>
        ) : (
          <ul className="plain-list context-list">
            {view.advisories.map((a) => (
              <li key={a.advisoryid}>
                <div>
                  <span className="strong">{a.title}</span> <Badge status={a.severity} />{' '}
                  <Badge status={a.status} />
                </div>
                <div className="muted">
                  {a.affects ? `${a.affects} · ` : ''}since <When at={a.started} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Last payments" count={view.payments.length}>
        {view.payments.length === 0 ? (
          <p className="panel-body muted">No payments yet.</p>
        ) : (
          <ul className="plain-list context-list">
            {view.payments.map((p, index) => (
              <li key={`${p.at}-${index}`}>
                <div>
                  <span className="strong">{formatDollars(p.amount_cents)}</span>{' '}
                  <Badge status={p.status} /> <When at={p.at} />
                </div>
                {p.reason ? <div className="muted">{p.reason}</div> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </aside>
  );
}
