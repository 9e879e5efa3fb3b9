import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FilterSelect, filterOptionsOf } from '../../../../ui/filter-select';
import { AUDIT_ACTION_PREFIXES, AUDIT_PREFIX_LABELS } from '../../../console/utils/audit-actions';
import {
  type AuditFilters,
  ENTITY_ID_MAX_LENGTH,
  ENTITY_TYPE_MAX_LENGTH,
  hasAuditFilters,
} from '../utils/audit-filters';

interface AuditFiltersBarProps {
  filters: AuditFilters;
  setFilters: (changes: Partial<AuditFilters>) => void;
}

/**
 * The audit log's filters: the kind of action applies at once; the record's type and id, typed
 * by hand, apply on «اعمال». Rendered with `key` set to the address's values, so back and forward
 * put the typed fields back too.
 */
export function AuditFiltersBar({ filters, setFilters }: AuditFiltersBarProps) {
  const [entityType, setEntityType] = useState(filters.entityType);
  const [entityId, setEntityId] = useState(filters.entityId);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ entityType: entityType.trim(), entityId: entityId.trim() });
  };

  return (
    <form onSubmit={apply} aria-label="فیلتر گزارش کارها">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FilterSelect
          label="نوع کار"
          value={filters.action}
          onChange={(action) =>
            setFilters({ action, entityType: entityType.trim(), entityId: entityId.trim() })
          }
          allLabel="همهٔ کارها"
          options={filterOptionsOf(AUDIT_ACTION_PREFIXES, AUDIT_PREFIX_LABELS)}
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          label="نوع رکورد"
          placeholder="order"
          dir="ltr"
          value={entityType}
          maxLength={ENTITY_TYPE_MAX_LENGTH}
          onChange={(event) => setEntityType(event.currentTarget.value)}
          w={{ base: '100%', xs: 160 }}
        />
        <TextInput
          label="شناسهٔ رکورد"
          dir="ltr"
          value={entityId}
          maxLength={ENTITY_ID_MAX_LENGTH}
          onChange={(event) => setEntityId(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <Group gap="xs">
          <Button type="submit" variant="light">
            اعمال
          </Button>
          {hasAuditFilters(filters) && (
            <Button
              variant="subtle"
              onClick={() => {
                setEntityType('');
                setEntityId('');
                setFilters({ action: null, entityType: '', entityId: '' });
              }}
            >
              پاک کردن فیلترها
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}
