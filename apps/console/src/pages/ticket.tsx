import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, FileText, GitMerge, LockKeyhole, Paperclip, X } from 'lucide-react';
import { adminRoutes, type DeskTicket, type DeskTicketView } from '@outpost/contracts/admin';
import { formatDollars } from '@outpost/domain/money';
import {
  ATTACHMENT_ACCEPT,
  formatFileSize,
  TICKET_MESSAGE_MAX,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TEAMS,
  ticketMergedText,
  ticketNumber,
  type TicketPriority,
  type TicketTeam,
} from '@outpost/domain/tickets-rules';
import { ApiError, call, download, newIdempotencyKey } from '../api';
import { Combobox } from '../components/combobox';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import {
  Allowance,
  Badge,
  ErrorNotice,
  FormActions,
  Loading,
  PageHeader,
  Section,
  When,
} from '../components/ui';
import { attachmentProblem, latestMessageId, priorityText, teamText } from '../features/desk-queue';
import { useDeskStaff } from '../features/desk-staff';
import {
  insertIntoDraft,
  MERGE_NUMBER_PROBLEM,
  mergeCandidates,
  mergedHereText,
  ticketIdFromNumber,
} from '../features/desk-tools';
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
      {t.merged_into !== null ? (
        <p className="notice info merged-banner" role="note">
          <GitMerge size={16} aria-hidden="true" />
          <span>
            Merged into{' '}
            <Link to={`/tickets/${t.merged_into}`} className="mono strong">
              {ticketNumber(t.merged_into)}
            </Link>
            : this ticket is closed and its conversation carries on there.
          </span>
        </p>
      ) : null}
      <MergedHere ticketid={ticketid} />
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

/** What the merge that brought the staff member here moved (told once, after the merge). */
function MergedHere({ ticketid }: { ticketid: number }) {
  const state = useLocation().state as { merged?: { into: number; text: string } } | null;
  if (state?.merged?.into !== ticketid) return null;
  return (
    <p className="notice info" role="status">
      {state.merged.text}
    </p>
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
  const [merging, setMerging] = useState(false);
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
        {ticket.merged_into === null ? (
          <div className="desk-more">
            <button
              type="button"
              className="button secondary small"
              onClick={() => setMerging(true)}
            >
              <GitMerge size={14} aria-hidden="true" /> Merge into…
            </button>
          </div>
        ) : null}
        {assign.isError ? <ErrorNotice error={assign.error} /> : null}
        {update.isError ? <ErrorNotice error={update.error} /> : null}
        {done ? (
          <p className="notice info" role="status">
            {done}
          </p>
        ) : null}
      </div>
      <MergeDialog ticket={ticket} open={merging} onOpenChange={setMerging} />
    </Section>
  );
}

/**
 * Merging a duplicate into another ticket of the same customer (decision 057): the number typed
 * (T240123) or one of the customer's other open tickets (their latest, from the customer's
 * activity) chosen. The server refuses another account's ticket, a merged one or the ticket itself
 * in its own words; after the merge the staff member is taken to the ticket that carries on.
 */
function MergeDialog({
  ticket,
  open,
  onOpenChange,
}: {
  ticket: DeskTicket;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const activity = useQuery({
    queryKey: ['activity', ticket.accountid],
    queryFn: ({ signal }) =>
      call(adminRoutes.adminAccountActivity, {
        params: { accountid: String(ticket.accountid) },
        signal,
      }),
    enabled: open,
  });
  const candidates = mergeCandidates(activity.data?.tickets ?? [], ticket.ticketid);
  const into = ticketIdFromNumber(typed);
  const merge = useMutation({
    mutationFn: (target: number) =>
      call(adminRoutes.adminMergeTicket, {
        params: { ticketid: String(ticket.ticketid) },
        body: { into: target },
      }),
    onSuccess: async (result) => {
      for (const id of [result.merged.ticketid, result.into.ticketid])
        void queryClient.invalidateQueries({ queryKey: ['desk-ticket', id] });
      void queryClient.invalidateQueries({ queryKey: ['desk-tickets'] });
      void queryClient.invalidateQueries({ queryKey: ['activity', ticket.accountid] });
      close();
      await navigate(`/tickets/${result.into.ticketid}`, {
        state: {
          merged: {
            into: result.into.ticketid,
            text: mergedHereText(result.merged.number, result.moved),
          },
        },
      });
    },
  });
  const close = () => {
    onOpenChange(false);
    setTyped('');
    setProblem(null);
    merge.reset();
  };
  const choose = (value: string) => {
    setTyped(value);
    setProblem(null);
    merge.reset();
  };
  const target = into === null ? 'the ticket you choose' : ticketNumber(into);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={`Merge ${ticket.number} into another ticket`}
      description="For a duplicate: the same customer asking about the same thing on another ticket."
    >
      <form
        className="dialog-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (into === null) return setProblem(MERGE_NUMBER_PROBLEM);
          merge.mutate(into);
        }}
      >
        <Field
          label="Merge into ticket number"
          value={typed}
          placeholder="T240123"
          autoComplete="off"
          spellCheck={false}
          hint="Another ticket of the same customer's."
          error={problem ?? undefined}
          onChange={(event) => choose(event.target.value)}
        />
        <fieldset className="field">
          <legend>Or one of their other open tickets</legend>
          {activity.isPending ? (
            <Loading label="Loading their tickets" />
          ) : activity.isError ? (
            <p className="muted">Their other tickets could not be read. Type the number instead.</p>
          ) : candidates.length === 0 ? (
            <p className="muted">None among their latest tickets. Type the number instead.</p>
          ) : (
            <ul className="choice-list">
              {candidates.map((c) => (
                <li key={c.ticketid}>
                  <button
                    type="button"
                    className="choice"
                    aria-pressed={into === c.ticketid}
                    onClick={() => choose(c.number)}
                  >
                    <span className="mono strong">{c.number}</span> <span>{c.subject}</span>{' '}
                    <span className="muted">({c.status})</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="merge-explain">
          <p>
            {ticket.number} is closed (Resolved), and its messages, their attachments and its
            internal notes move to {target}, where the conversation carries on. There is no undoing
            a merge.
          </p>
          <p>
            The customer sees on {ticket.number}:{' '}
            <q>
              {into === null
                ? 'Merged into T…: this request carries on there, with its messages.'
                : ticketMergedText(into)}
            </q>
          </p>
        </div>
        {merge.isError ? <ErrorNotice error={merge.error} /> : null}
        <FormActions
          onCancel={close}
          submitting={merge.isPending}
          label={into === null ? 'Merge' : `Merge into ${ticketNumber(into)}`}
          busyLabel="Merging…"
        />
      </form>
    </Dialog>
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
  const textarea = useRef<HTMLTextAreaElement>(null);
  // A changed reply is another request: it takes a key of its own.
  const edited = () => {
    key.current = null;
    setSent(null);
  };
  const canned = useCannedInsert(ticketid, (text) => {
    const box = textarea.current;
    const draft = box?.value ?? message;
    const put = insertIntoDraft(
      draft,
      text,
      box ? { start: box.selectionStart, end: box.selectionEnd } : null,
    );
    setMessage(put.value);
    edited();
    // The staff member goes on editing where the text ends.
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(put.caret, put.caret);
    });
  });
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
        <div className="reply-compose">
          <div className={`field${problem && !fileProblem ? ' has-error' : ''}`}>
            <label htmlFor="reply-message">Reply (the customer reads this, under your name)</label>
            <textarea
              ref={textarea}
              id="reply-message"
              rows={5}
              maxLength={TICKET_MESSAGE_MAX}
              value={message}
              onChange={(event) => {
                setMessage(event.target.value);
                edited();
                canned.clearNotice();
              }}
            />
          </div>
          {canned.picker}
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

/**
 * The canned-reply picker beside the reply box (decision 057): typing narrows the desk's canned
 * replies by title; choosing one has the server fill it in for this ticket, and `put` places the
 * text in the draft. Nothing is sent: the staff member reads and edits it, then sends the reply.
 */
function useCannedInsert(ticketid: number, put: (text: string) => void) {
  const [chosen, setChosen] = useState('');
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['canned-replies'],
    queryFn: ({ signal }) => call(adminRoutes.adminCannedReplies, { signal }),
    staleTime: 60_000,
  });
  const render = useMutation({
    mutationFn: (cannedid: string) =>
      call(adminRoutes.adminRenderCannedReply, {
        params: { ticketid: String(ticketid), cannedid },
      }),
    onMutate: () => setNotice(null),
    onSuccess: (rendered) => {
      put(rendered.text);
      setNotice(`“${rendered.title}” is in the reply: read it through and edit it before sending.`);
      // An empty picker again, so the same reply can be chosen twice.
      setChosen('');
      setRound((n) => n + 1);
    },
    onError: () => setChosen(''),
  });
  const items = (list.data ?? []).map((c) => ({ value: String(c.cannedid), label: c.title }));
  const picker = (
    <div className="canned-picker">
      <Combobox
        key={round}
        label="Canned reply"
        items={items}
        value={chosen}
        disabled={render.isPending || list.isPending || list.isError || items.length === 0}
        placeholder={
          list.isPending
            ? 'Loading…'
            : items.length === 0 && !list.isError
              ? 'No canned replies yet'
              : 'Type to find one by title'
        }
        empty="No canned reply has that in its title."
        hint={
          render.isPending
            ? 'Filling it in for this ticket…'
            : 'Filled in for this ticket and put where the cursor is in your reply.'
        }
        error={
          list.isError
            ? 'The canned replies could not be loaded. Reload the page to try again.'
            : render.isError
              ? render.error instanceof ApiError
                ? render.error.message
                : 'The canned reply could not be filled in. Try again.'
              : undefined
        }
        onChange={(value) => {
          setChosen(value);
          if (value) render.mutate(value);
        }}
      />
      {notice ? (
        <p className="field-hint" role="status">
          {notice}
        </p>
      ) : null}
    </div>
  );
  return { picker, clearNotice: () => setNotice(null) };
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
