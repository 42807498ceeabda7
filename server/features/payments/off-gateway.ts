import { M } from '#shared/messages';
import { fail } from '../../lib/errors';
import type { PaymentGateway } from './gateway';

/** PAYMENTS=off: a self-hosted install where everything is free; nothing is sold, no session exists. */
export const offGateway: PaymentGateway = {
  mode: 'off',
  createCheckout: async () => fail.badRequest(M.payments.off),
  retrieve: async () => null,
};
