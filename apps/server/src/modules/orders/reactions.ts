import { answer, type ModuleReactions } from '../../lib/events';
import { orderForDocument } from '../billing';
import { findOrderForDocument } from './order-documents';

// The questions of the modules below orders that orders answers (decision 0036; src/reactions.ts
// wires them in, once).
export const ordersReactions: ModuleReactions = {
  module: 'orders',
  answers: [
    // An order's current document: a pending order's pro-forma is drawn from it.
    answer(orderForDocument, findOrderForDocument),
  ],
};
