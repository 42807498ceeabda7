// Every user-facing text of the product, written once (the product's titles, messages and toasts).
// Procedures throw them, forms show them, tests assert them. Texts marked "ours" are not shown in
// the product specification and were written to match the surrounding ones.

import { attendeesMessages } from './messages/attendees';
import { authMessages } from './messages/auth';
import { eventsMessages } from './messages/events';
import { paymentsMessages } from './messages/payments';

type Keys<T> = keyof T & string;
/** `never` unless no two groups share a top-level key: a clash would let one group's texts hide another's. */
type Disjoint<A, B, C, D> = [
  Keys<A> & Keys<B>,
  Keys<A> & Keys<C>,
  Keys<A> & Keys<D>,
  Keys<B> & Keys<C>,
  Keys<B> & Keys<D>,
  Keys<C> & Keys<D>,
] extends [never, never, never, never, never, never]
  ? A & B & C & D
  : never;

export function mergeMessages<A extends object, B extends object, C extends object, D extends object>(
  a: A,
  b: B,
  c: C,
  d: D,
) {
  return { ...a, ...b, ...c, ...d } as Disjoint<A, B, C, D>;
}

export const M = mergeMessages(authMessages, eventsMessages, attendeesMessages, paymentsMessages);
