import type { PlanLimitKey } from '@vitrin/contracts';
import { limitCell } from '../../modules/catalog/plan-limits';
import { type DemoGroup, featureRowLabel } from './groups';
import { type DemoProduct, LIMIT } from './products';

/** One row of a demo product's comparison table as the store shows it. */
export interface DemoCell {
  label: string;
  /** The PlanLimitKey the row states, or null for a typed row. */
  limit: PlanLimitKey | null;
  value: string | null;
  included: boolean;
}

/**
 * A product's cells against its group's rows: a limit row's from the product's limits, a typed
 * row's as typed. Throws when a cell is typed on a limit row or LIMIT stands on a typed row, so
 * the demo cannot state a limit twice.
 */
export function demoCells(product: DemoProduct, group: DemoGroup): DemoCell[] {
  if (product.features.length !== group.features.length) {
    throw new Error(`demo product ${product.slug} needs one cell per feature of its group`);
  }
  return group.features.map((row, index) => {
    const cell = product.features[index];
    const label = featureRowLabel(row);
    if (typeof row !== 'string') {
      if (cell !== LIMIT) {
        throw new Error(`${product.slug}: «${label}» states a limit; its cell must be LIMIT`);
      }
      return { label, limit: row.limit, ...limitCell(product.limits, row.limit) };
    }
    if (cell === LIMIT || cell === undefined) {
      throw new Error(`${product.slug}: «${label}» is not a limit row`);
    }
    return typeof cell === 'string'
      ? { label, limit: null, value: cell, included: true }
      : { label, limit: null, value: null, included: cell };
  });
}
