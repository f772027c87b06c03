import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  canMoveOrder,
  orderMoveInputProblem,
  orderMoveProblem,
} from './orders-rules';

describe('moving an order', () => {
  it('goes one step forward, or to rejected until it is completed', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canMoveOrder(from, to)).map((to) => `${from} -> ${to}`),
    );
    expect(allowed).toEqual([
      'received -> in-progress',
      'received -> rejected',
      'in-progress -> completed',
      'in-progress -> rejected',
    ]);
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES)
        expect(orderMoveProblem(from, to) === null).toBe(canMoveOrder(from, to));
  });

  it('says why a move is refused', () => {
    expect(orderMoveProblem('received', 'completed')).toBe(
      'an order that is received cannot move to completed; it can move to in-progress or rejected.',
    );
    expect(orderMoveProblem('in-progress', 'in-progress')).toBe(
      'this order is already in-progress.',
    );
    expect(orderMoveProblem('rejected', 'completed')).toBe(
      'this order is rejected: it moves no further.',
    );
  });

  it('needs a reason to reject, and takes one only then', () => {
    expect(orderMoveInputProblem('rejected', undefined)).toBe(
      'a rejected order needs a reason, which the customer is told.',
    );
    expect(orderMoveInputProblem('rejected', '   ')).not.toBeNull();
    expect(orderMoveInputProblem('rejected', 'Out of stock')).toBeNull();
    expect(orderMoveInputProblem('completed', 'Done')).toBe('only a rejection takes a reason.');
    expect(orderMoveInputProblem('completed', undefined)).toBeNull();
  });
});
