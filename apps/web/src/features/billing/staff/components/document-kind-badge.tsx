import { Badge } from '@mantine/core';
import type { BillingDocumentKind } from '@vitrin/contracts';
import { DOCUMENT_KIND_LABELS } from '../utils/document-filters';

const KIND_COLORS: Record<BillingDocumentKind, string> = {
  proforma: 'gray',
  sales: 'teal',
  'credit-note': 'violet',
  receipt: 'blue',
};

export function DocumentKindBadge({ kind }: { kind: BillingDocumentKind }) {
  return (
    <Badge variant="light" color={KIND_COLORS[kind]} style={{ flex: 'none' }}>
      {DOCUMENT_KIND_LABELS[kind]}
    </Badge>
  );
}
