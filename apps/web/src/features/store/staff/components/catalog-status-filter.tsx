import { Input, SegmentedControl } from '@mantine/core';
import { CATALOG_STATUS_LABELS, type CatalogStatus } from '@vitrin/contracts';

const ALL = '';

interface CatalogStatusFilterProps {
  /** The wrapper's id; the label's id (`${id}-label`) names the control. */
  id: string;
  /** Null for every status. */
  value: CatalogStatus | null;
  onChange: (status: CatalogStatus | null) => void;
}

/** «وضعیت» in a catalog list's filters: all, published or hidden. */
export function CatalogStatusFilter({ id, value, onChange }: CatalogStatusFilterProps) {
  return (
    <Input.Wrapper id={id} label="وضعیت" labelElement="div" w={{ base: '100%', xs: 'auto' }}>
      <SegmentedControl
        fullWidth
        aria-labelledby={`${id}-label`}
        value={value ?? ALL}
        onChange={(next) => onChange(next === ALL ? null : (next as CatalogStatus))}
        data={[
          { value: ALL, label: 'همه' },
          { value: 'active', label: CATALOG_STATUS_LABELS.active },
          { value: 'hidden', label: CATALOG_STATUS_LABELS.hidden },
        ]}
      />
    </Input.Wrapper>
  );
}
