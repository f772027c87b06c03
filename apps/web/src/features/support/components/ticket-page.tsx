import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { messages } from '@outpost/contracts/messages';
import type { TicketAttachment, TicketDetail, TicketMessage } from '@outpost/contracts/tickets';
import { formatFileSize, ticketTexts } from '@outpost/domain/tickets-rules';
import { useId, useState, type Ref, type TextareaHTMLAttributes } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { ErrorBanner } from '@/components/error-banner';
import { Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { LoadError } from '@/components/load-error';
import { FormAlert } from '@/components/form/form-alert';
import { isApiError } from '@/lib/api-error';
import { downloadFile } from '@/lib/download';
import { idParam } from '@/lib/selected-service';
import { useTicket } from '../api/get-tickets';
import { useReplyToTicket } from '../api/reply-ticket';
import { checkMessage, ticketTime } from '../utils/tickets';
import { SupportLayout } from './support-layout';
import { TicketStatus } from './ticket-status';
import './tickets.css';
import { ServerActionButton } from '@/components/server-action-button';
import { LoadingState } from '@/components/loading-state';

/**
 * /support/my-tickets/{ticketid} (view-tickets; docs/decisions/017 "Tickets"): the request, its
 * status, the conversation with the desk (oldest first) and a reply box.
 */
export function TicketPage() {
  const ticketid = idParam(useParams().ticketid ?? '') ?? 0;
  const ticket = useTicket(ticketid, ticketid > 0);
  const missing =
    ticketid === 0 || (ticket.isError && isApiError(ticket.error) && ticket.error.status === 404);
  return (
    <SupportLayout title="Ticket">
      <p className="ticket__back">
        <Link to="/support/my-tickets">Back to My Tickets</Link>
      </p>
      {missing ? (
        <p className="ticket__missing">
          We could not find that ticket on your account. It may have been opened on another account.
        </p>
      ) : ticket.isError ? (
        <LoadError
          error={messages.tickets.loadFailed}
          onRetry={() => void ticket.refetch()}
          resetKey={ticket.errorUpdatedAt}
        />
      ) : ticket.isPending ? (
        <LoadingState placeholder={<TicketSkeleton />} />
      ) : (
        <TicketView ticket={ticket.data} />
      )}
    </SupportLayout>
  );
}

function TicketView({ ticket }: { ticket: TicketDetail }) {
  const ids = useId();
  return (
    <div className="ticket">
      <section className="dashboard-card ticket__summary" aria-labelledby={`${ids}-subject`}>
        <h2 id={`${ids}-subject`} className="ticket__subject">
          {ticket.subject}
        </h2>
        <dl className="facts">
          <div>
            <dt>Ticket number</dt>
            <dd>{ticket.number}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <TicketStatus status={ticket.status} label={ticket.status_label} />
            </dd>
          </div>
          <div>
            <dt>Service</dt>
            <dd>{ticket.service_name ?? 'General'}</dd>
          </div>
          <div>
            <dt>Category</dt>
            <dd>{ticket.category}</dd>
          </div>
          <div>
            <dt>Opened</dt>
            <dd>{ticketTime(ticket.created)}</dd>
          </div>
        </dl>
      </section>
      <section className="ticket__conversation" aria-labelledby={`${ids}-conversation`}>
        <h2 id={`${ids}-conversation`}>Conversation</h2>
        <ol className="ticket__messages">
          {ticket.messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
      </section>
      <ReplyForm ticket={ticket} />
    </div>
  );
}

/** Whose side a message is from; a staff member writing for the customer says for whom. */
function authorRole(message: TicketMessage): string {
  if (message.on_behalf_of !== null) return ` (staff, for ${message.on_behalf_of})`;
  return message.from_customer ? ' (your side)' : ' (our support team)';
}

function MessageItem({ message }: { message: TicketMessage }) {
  const side = message.from_customer ? 'customer' : 'provider';
  return (
    <li className={`ticket-message ticket-message--${side}`}>
      <p className="ticket-message__meta">
        <span className="ticket-message__author">{message.author_name}</span>
        <span className="ticket-message__role">{authorRole(message)}</span>
        <span className="ticket-message__time">
          <time dateTime={message.created}>{ticketTime(message.created)}</time>
        </span>
      </p>
      <p className="ticket-message__body">{message.body}</p>
      {message.attachments.length > 0 && (
        <ul className="ticket-message__files" aria-label="Attachments">
          {message.attachments.map((file) => (
            <li key={file.attachmentid}>
              <AttachmentLink file={file} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Downloads with the session's token (a plain link cannot send it). */
function AttachmentLink({ file }: { file: TicketAttachment }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      await downloadFile(
        buildPath(apiPaths.supportTicketAttachment, { attachmentid: file.attachmentid }),
        file.filename,
        { accept: file.content_type },
      );
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button
        type="button"
        className="link-button ticket-message__file"
        onClick={() => void download()}
        disabled={state === 'busy'}
      >
        {file.filename}
        <span className="ticket-message__size"> ({formatFileSize(file.size)})</span>
        <span className="visually-hidden">, download</span>
      </button>
      {state === 'failed' && (
        <span className="field__error" role="alert">
          {messages.downloadFailed}
        </span>
      )}
    </>
  );
}

type ReplyValues = { message: string };

const replyRules = rulesResolver<ReplyValues>({ message: checkMessage });

/** The reply box: required, sent once (the button waits), then 'Your reply has been sent.'. */
function ReplyForm({ ticket }: { ticket: TicketDetail }) {
  const ids = useId();
  const form = useForm<ReplyValues>({
    defaultValues: { message: '' },
    resolver: replyRules,
    shouldFocusError: true,
  });
  const reply = useReplyToTicket(ticket.ticketid);
  const [sent, setSent] = useState(false);
  const submit = form.handleSubmit(async ({ message }) => {
    if (reply.isPending) return;
    setSent(false);
    try {
      await reply.mutateAsync(message.trim());
      form.reset({ message: '' });
      setSent(true);
    } catch {
      // Shown below from the mutation's error.
    }
  });
  const hint =
    ticket.status === 'Resolved'
      ? 'This request is completed. Replying opens it again.'
      : ticket.status === 'Waiting'
        ? 'We are waiting on your answer to carry on.'
        : 'We will answer by email and here.';
  return (
    <section className="page-section ticket__reply" aria-labelledby={`${ids}-reply`}>
      <h2 id={`${ids}-reply`}>Reply</h2>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Field<ReplyValues>
            name="message"
            label="Your message"
            hint={hint}
            control={(props) => (
              <textarea
                {...(props as unknown as TextareaHTMLAttributes<HTMLTextAreaElement>)}
                ref={props.ref as unknown as Ref<HTMLTextAreaElement>}
                rows={5}
                onChange={(event) => {
                  setSent(false);
                  props.onChange?.(event as never);
                }}
              />
            )}
          />
          {reply.isError && (
            <ErrorBanner
              key={reply.submittedAt}
              error={messages.tickets.sendFailed}
              onDismiss={() => reply.reset()}
            />
          )}
          {sent && <FormAlert tone="info">{ticketTexts.replySent}</FormAlert>}
          <div className="ticket__actions">
            <ServerActionButton
              type="submit"
              className="button button--primary"
              disabled={reply.isPending}
              aria-disabled={reply.isPending || undefined}
            >
              {reply.isPending ? 'Sending…' : 'Send reply'}
            </ServerActionButton>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}

/** The ticket's room while it loads: the summary card and two messages. */
function TicketSkeleton() {
  return (
    <div className="ticket ticket--loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the ticket…
      </p>
      <div className="skeleton" aria-hidden="true">
        <span className="skeleton__line ticket__skeleton-summary" />
        <span className="skeleton__line ticket__skeleton-message" />
        <span className="skeleton__line ticket__skeleton-message" />
      </div>
    </div>
  );
}
