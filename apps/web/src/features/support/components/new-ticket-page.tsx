import { messages } from '@outpost/contracts/messages';
import { hasAllPermissions } from '@outpost/contracts/permissions';
import type { Service } from '@outpost/contracts/services';
import {
  ATTACHMENT_ACCEPT,
  formatFileSize,
  TICKET_CATEGORIES,
  TICKET_SUBJECT_MAX,
  type TicketCategory,
  ticketTexts,
} from '@outpost/domain/tickets-rules';
import { useEffect, useId, useRef, useState, type Ref, type TextareaHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ErrorBanner } from '@/components/error-banner';
import { FilePicker } from '@/components/file-picker';
import { Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { idParam } from '@/lib/selected-service';
import { servicesQueryOptions } from '@/lib/services-query';
import { useSession } from '@/lib/session';
import { type NewTicketResult, useCreateTicket } from '../api/create-ticket';
import { checkAttachment, checkMessage, checkRequired, ticketServiceLabel } from '../utils/tickets';
import { SupportLayout } from './support-layout';
import './tickets.css';
import { ServerActionButton } from '@/components/server-action-button';

type RequestValues = {
  category: string;
  serviceid: string;
  subject: string;
  description: string;
};

const requestRules = rulesResolver<RequestValues>({
  category: checkRequired,
  subject: (value) =>
    checkRequired(value) ??
    (value.trim().length > TICKET_SUBJECT_MAX
      ? `Please keep the subject to ${TICKET_SUBJECT_MAX} characters.`
      : null),
  description: checkMessage,
});

/**
 * /support/new-ticket, 'Make a Request' (docs/decisions/017 "Tickets"): what it is about, the
 * service (preselected from a service's Make a Request: ?serviceid=), a subject, the details and
 * an optional photo or PDF. Sent at once (nothing is charged, so no confirm step); the number is
 * shown and emailed. Anyone on the account may ask; only those who may see services pick one.
 */
export function NewTicketPage() {
  const { permissions } = useSession();
  const canPickService = hasAllPermissions(permissions, ['view-services']);
  const canViewTickets = hasAllPermissions(permissions, ['view-tickets']);
  const services = useQuery({ ...servicesQueryOptions(), enabled: canPickService });
  const [created, setCreated] = useState<NewTicketResult | null>(null);
  const servicesReady = !canPickService || services.isError || services.isSuccess;
  return (
    <SupportLayout title="Make a Request">
      {created ? (
        <Created created={created} canViewTickets={canViewTickets} />
      ) : servicesReady ? (
        <RequestForm
          services={canPickService && services.data ? services.data : []}
          onCreated={setCreated}
        />
      ) : (
        <FormSkeleton />
      )}
    </SupportLayout>
  );
}

function Created({
  created,
  canViewTickets,
}: {
  created: NewTicketResult;
  canViewTickets: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="page-section new-ticket__done" aria-live="polite">
      <h2 ref={heading} tabIndex={-1}>
        {ticketTexts.created(created.number)}
      </h2>
      <p>
        Thank you. We have emailed you the ticket number; please quote {created.number} if you call
        us. We will reply by email{canViewTickets ? ' and in My Tickets' : ''}.
      </p>
      <p className="new-ticket__next">
        {canViewTickets ? (
          <Link to={`/support/my-tickets/${created.ticketid}`} className="button button--primary">
            View ticket {created.number}
          </Link>
        ) : (
          <Link to="/" className="button button--primary">
            Back to the dashboard
          </Link>
        )}
      </p>
    </section>
  );
}

function RequestForm({
  services,
  onCreated,
}: {
  services: readonly Service[];
  onCreated: (created: NewTicketResult) => void;
}) {
  const ids = useId();
  const [search] = useSearchParams();
  const wanted = idParam(search.get('serviceid'));
  const preselected = services.find((s) => s.serviceid === wanted);
  const form = useForm<RequestValues>({
    defaultValues: {
      category: '',
      serviceid: preselected ? String(preselected.serviceid) : '',
      subject: '',
      description: '',
    },
    resolver: requestRules,
    shouldFocusError: true,
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // The refused file stays named until removed or replaced, and holds the request back.
  const [refused, setRefused] = useState<File | null>(null);
  const [blocked, setBlocked] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateTicket();

  const pickFile = (picked: File | null) => {
    const problem = checkAttachment(picked);
    setFileError(problem);
    setFile(problem ? null : picked);
    setRefused(problem ? picked : null);
    setBlocked(false);
    if (problem && fileInput.current) fileInput.current.value = '';
  };
  const removeFile = () => {
    setFile(null);
    setFileError(null);
    setRefused(null);
    setBlocked(false);
    if (fileInput.current) {
      fileInput.current.value = '';
      fileInput.current.focus();
    }
  };

  const submit = form.handleSubmit(async (values) => {
    if (create.isPending) return;
    // A refused file is never dropped silently: the customer removes or replaces it first.
    if (refused) {
      setBlocked(true);
      fileInput.current?.focus();
      return;
    }
    try {
      const result = await create.mutateAsync({
        category: values.category as TicketCategory,
        serviceid: values.serviceid === '' ? null : Number(values.serviceid),
        subject: values.subject.trim(),
        description: values.description.trim(),
        attachment: file,
      });
      onCreated(result);
    } catch {
      // Shown below from the mutation's error.
    }
  });

  const fileErrorId = `${ids}-file-error`;
  const fileBlockedId = `${ids}-file-blocked`;
  return (
    <FormProvider {...form}>
      <form className="new-ticket" noValidate onSubmit={(event) => void submit(event)}>
        <p className="new-ticket__intro">
          Tell us what you need and we will get back to you, usually within one business day. For a
          fault that stops your service completely, you can also call us.
        </p>
        <Field<RequestValues>
          name="category"
          label="What is it about?"
          options={TICKET_CATEGORIES.map((c) => ({ value: c, label: c }))}
          emptyOption="Choose a topic"
        />
        {services.length > 0 && (
          <Field<RequestValues>
            name="serviceid"
            label="Service"
            hint="Leave as is if it is not about one service."
            options={services.map((s) => ({
              value: String(s.serviceid),
              label: ticketServiceLabel(s),
            }))}
            emptyOption="Not about a particular service"
          />
        )}
        <Field<RequestValues>
          name="subject"
          label="Subject"
          hint="A few words, e.g. 'No connection since the storm'."
          maxLength={TICKET_SUBJECT_MAX}
          autoComplete="off"
        />
        <Field<RequestValues>
          name="description"
          label="Details"
          hint="What happened, since when, and what you have tried."
          control={(props) => (
            <textarea
              {...(props as unknown as TextareaHTMLAttributes<HTMLTextAreaElement>)}
              ref={props.ref as unknown as Ref<HTMLTextAreaElement>}
              rows={6}
            />
          )}
        />
        <FilePicker
          id={`${ids}-file`}
          label="Attachment (optional)"
          hint="A photo (PNG, JPEG, GIF or WebP) or a PDF, up to 5 MB."
          accept={ATTACHMENT_ACCEPT}
          inputRef={fileInput}
          invalid={fileError !== null}
          describedBy={[blocked && fileBlockedId, fileError && fileErrorId]}
          picked={
            refused
              ? {
                  file: refused,
                  size: formatFileSize(refused.size),
                  note: ticketTexts.notAttached(refused.name),
                }
              : file && { file, size: formatFileSize(file.size) }
          }
          onPick={pickFile}
          onRemove={removeFile}
        >
          {fileError && (
            <p id={fileErrorId} className="field__error">
              {fileError}
            </p>
          )}
          {blocked && (
            <p id={fileBlockedId} className="field__error" role="alert">
              {ticketTexts.attachmentBlocks}
            </p>
          )}
        </FilePicker>
        {create.isError && (
          <ErrorBanner
            key={create.submittedAt}
            error={sendError(create.error)}
            onDismiss={() => create.reset()}
          />
        )}
        <div className="new-ticket__actions">
          <ServerActionButton
            type="submit"
            className="button button--primary"
            disabled={create.isPending}
            aria-disabled={create.isPending || undefined}
          >
            {create.isPending ? 'Sending…' : 'Send request'}
          </ServerActionButton>
        </div>
      </form>
    </FormProvider>
  );
}

/** The server's own words for an attachment it refused; the spec's send message otherwise. */
function sendError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : '';
  return message.startsWith('Bad request:') ? error : messages.tickets.sendFailed;
}

/** The form's room while the services list loads (the loader started it with the page). */
function FormSkeleton() {
  return (
    <div className="new-ticket new-ticket--loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the form…
      </p>
      <div className="skeleton" aria-hidden="true">
        <span className="skeleton__line new-ticket__skeleton-intro" />
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} className="skeleton__line new-ticket__skeleton-field" />
        ))}
      </div>
    </div>
  );
}
