import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, FileDown } from 'lucide-react';
import { adminRoutes, type AdminOrderView } from '@outpost/contracts/admin';
import { formatDollars } from '@outpost/domain/money';
import {
  canMoveOrder,
  ORDER_MOVES,
  ORDER_REASON_MAX,
  orderNumber,
} from '@outpost/domain/orders-rules';
import { ApiError, call, download, newIdempotencyKey } from '../api';
import { Dialog } from '../components/dialog';
import { Badge, ErrorNotice, Loading, PageHeader, Section, When } from '../components/ui';
import { ORDER_MOVE_TEXT, orderKindText } from '../features/desk-queue';
import { can, useSession } from '../session';

type Move = (typeof ORDER_MOVES)[number];

/** A payload's field name as words: 'voicemail_pin' -> 'Voicemail pin'. */
const fieldText = (key: string) =>
  (key.charAt(0).toUpperCase() + key.slice(1)).replace(/[_-]+/g, ' ');

/** A payload's value as text: words as they are, anything else as JSON. */
const valueText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value === null || value === undefined
      ? '—'
      : typeof value === 'object'
        ? JSON.stringify(value, null, 2)
        : String(value);

/**
 * One order (decision 058): what was asked, the agreement the customer typed, its ticket, the
 * account and service; moving it on (scope `provisioning`) and a product's packing slip.
 */
export function OrderPage() {
  const orderid = Number(useParams().orderid);
  const valid = Number.isInteger(orderid) && orderid > 0;
  const session = useSession();
  const [moving, setMoving] = useState<Move | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [slipError, setSlipError] = useState<unknown>(null);
  const order = useQuery({
    queryKey: ['order', orderid],
    queryFn: ({ signal }) =>
      call(adminRoutes.adminOrder, { params: { orderid: String(orderid) }, signal }),
    enabled: valid,
  });
  const slip = useMutation({
    mutationFn: () =>
      download(adminRoutes.adminPackingSlip, { params: { orderid: String(orderid) } }),
    onMutate: () => setSlipError(null),
    onError: setSlipError,
  });

  if (!valid || order.isError)
    return (
      <div className="page">
        <BackLink />
        <ErrorNotice
          error={valid ? order.error : new ApiError(404, 'No such order.')}
          {...(valid ? { onRetry: () => void order.refetch() } : {})}
        />
      </div>
    );
  if (order.isPending)
    return (
      <div className="page">
        <Loading label="Loading the order" />
      </div>
    );
  const o = order.data;
  const mover = can(session?.staff.role, 'provisioning');
  const moves = ORDER_MOVES.filter((to) => canMoveOrder(o.status, to));
  const payload =
    o.payload && typeof o.payload === 'object' && !Array.isArray(o.payload)
      ? Object.entries(o.payload as Record<string, unknown>)
      : null;

  return (
    <div className="page">
      <BackLink />
      <PageHeader
        title={
          <>
            <span className="mono">{orderNumber(o.orderid)}</span> {o.subject}{' '}
            <Badge status={o.status} />
          </>
        }
        subtitle={
          <>
            {orderKindText(o.kind)} · placed <When at={o.created} /> by {o.ordered_by.name} · last
            moved <When at={o.updated} />
          </>
        }
        actions={
          <>
            {o.kind === 'product' ? (
              <button
                type="button"
                className="button secondary"
                disabled={slip.isPending}
                onClick={() => slip.mutate()}
              >
                <FileDown size={14} aria-hidden="true" />
                {slip.isPending ? 'Preparing…' : 'Packing slip (PDF)'}
              </button>
            ) : null}
            {mover
              ? moves.map((to) => (
                  <button
                    key={to}
                    type="button"
                    className={to === 'rejected' ? 'button danger' : 'button primary'}
                    onClick={() => {
                      setDone(null);
                      setMoving(to);
                    }}
                  >
                    {ORDER_MOVE_TEXT[to].button}
                  </button>
                ))
              : null}
          </>
        }
      />
      {slipError ? <ErrorNotice error={slipError} /> : null}
      {done ? (
        <p className="notice info" role="status">
          {done}
        </p>
      ) : null}
      {!mover && moves.length > 0 ? (
        <p className="muted">
          Moving an order on takes the provisioning scope (admins): you can read it and print its
          packing slip.
        </p>
      ) : null}
      {o.reason ? (
        <div className="notice error" role="note">
          <span>
            <span className="strong">Rejected:</span> {o.reason}
          </span>
        </div>
      ) : null}
      <div className="panel-pair">
        <Section title="Order">
          <dl className="panel-body facts">
            <div>
              <dt>Customer</dt>
              <dd>
                <Link to={`/customers/${o.account.accountid}`}>
                  {o.account.name} · {o.account.accountid}
                </Link>
                {o.account.external_id ? (
                  <span className="muted"> · your ref {o.account.external_id}</span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>Service</dt>
              <dd>
                {o.service ? (
                  <>
                    {o.service.technology} <span className="mono">{o.service.identifier}</span>{' '}
                    <Badge status={o.service.status} />
                    {o.service.external_id ? (
                      <span className="muted"> · your ref {o.service.external_id}</span>
                    ) : null}
                  </>
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt>Ordered by</dt>
              <dd>{o.ordered_by.name}</dd>
            </div>
            <div>
              <dt>Ticket</dt>
              <dd>
                {can(session?.staff.role, 'tickets') ? (
                  <Link to={`/tickets/${o.ticket.ticket_id}`} className="mono">
                    {o.ticket.number}
                  </Link>
                ) : (
                  <span className="mono">{o.ticket.number}</span>
                )}{' '}
                <Badge status={o.ticket.status} />
              </dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd>
                {o.price_cents === null && o.monthly_cents === null
                  ? '—'
                  : [
                      o.price_cents !== null ? formatDollars(o.price_cents) : null,
                      o.monthly_cents !== null ? `${formatDollars(o.monthly_cents)} a month` : null,
                    ]
                      .filter(Boolean)
                      .join(' and ')}
              </dd>
            </div>
          </dl>
        </Section>
        <Section title="Agreement">
          {o.agreement ? (
            <div className="panel-body agreement">
              <p className="muted">
                The customer typed, at <When at={o.agreement.agreed_at} />:
              </p>
              <blockquote>{o.agreement.text}</blockquote>
            </div>
          ) : (
            <p className="panel-body muted">This kind of order asks for no typed agreement.</p>
          )}
        </Section>
      </div>
      <Section title="What was asked">
        {payload ? (
          <dl className="panel-body facts">
            {payload.map(([key, value]) => (
              <div key={key}>
                <dt>{fieldText(key)}</dt>
                <dd className={typeof value === 'object' && value !== null ? 'pre' : undefined}>
                  {valueText(value)}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <pre className="panel-body pre">{valueText(o.payload)}</pre>
        )}
      </Section>
      {moving ? (
        <MoveDialog
          order={o}
          to={moving}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setDone(ORDER_MOVE_TEXT[moving].done);
            setMoving(null);
          }}
        />
      ) : null}
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/orders" className="back-link">
      <ChevronLeft size={14} aria-hidden="true" /> Orders
    </Link>
  );
}

/**
 * A move, confirmed: one Idempotency-Key per dialog, so sending again after a lost answer does
 * not move the order twice. A rejection needs the reason the customer is told.
 */
function MoveDialog({
  order,
  to,
  onClose,
  onMoved,
}: {
  order: AdminOrderView;
  to: Move;
  onClose: () => void;
  onMoved: () => void;
}) {
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const move = useMutation({
    mutationFn: () =>
      call(adminRoutes.adminMoveOrder, {
        idempotencyKey,
        params: { orderid: String(order.orderid) },
        body: to === 'rejected' ? { status: to, reason: reason.trim() } : { status: to },
      }),
    onSuccess: (moved) => {
      queryClient.setQueryData(['order', order.orderid], moved);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['desk-ticket', moved.ticket.ticket_id] });
      onMoved();
    },
    onError: (error) => {
      // Refused (someone moved it meanwhile): show the order as it is now; another try is new.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        setIdempotencyKey(newIdempotencyKey());
        if (error.status === 409)
          void queryClient.invalidateQueries({ queryKey: ['order', order.orderid] });
      }
    },
  });
  const text = ORDER_MOVE_TEXT[to];
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${text.button}: ${orderNumber(order.orderid)}`}
      description={text.confirm}
    >
      {move.isError ? <ErrorNotice error={move.error} /> : null}
      <form
        className="form-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          if (to === 'rejected' && reason.trim() === '')
            return setProblem('Write the reason: the customer is told it.');
          move.mutate();
        }}
      >
        {to === 'rejected' ? (
          <div className={`field${problem ? ' has-error' : ''}`}>
            <label htmlFor="reject-reason">Reason (the customer reads this)</label>
            <textarea
              id="reject-reason"
              rows={3}
              maxLength={ORDER_REASON_MAX}
              value={reason}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'reject-reason-error' : 'reject-reason-hint'}
              onChange={(event) => {
                setReason(event.target.value);
                if (!move.isPending) setIdempotencyKey(newIdempotencyKey());
              }}
            />
            <p id="reject-reason-hint" className="field-hint">
              For example: Out of stock until March; we will let you know.
            </p>
            {problem ? (
              <p id="reject-reason-error" className="field-error">
                {problem}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={to === 'rejected' ? 'button danger' : 'button primary'}
            disabled={move.isPending}
          >
            {move.isPending ? 'Moving…' : text.button}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
