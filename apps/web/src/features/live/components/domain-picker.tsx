import { Select, Stack, Text } from '@mantine/core';
import type { LiveDomain } from '../api/get-live-domains';

interface DomainPickerProps {
  domains: readonly LiveDomain[];
  value: LiveDomain;
  onChange: (domainName: string) => void;
}

/** Which domain's visitors to show; with one domain, only its name. */
export function DomainPicker({ domains, value, onChange }: DomainPickerProps) {
  if (domains.length === 1) {
    return (
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed">
          دامنه
        </Text>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          <bdi>{value.domainName}</bdi>
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {value.serviceName}
        </Text>
      </Stack>
    );
  }
  return (
    <Select
      label="دامنه"
      description={value.serviceName}
      data={domains.map((domain) => ({ value: domain.domainName, label: domain.domainName }))}
      value={value.domainName}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      allowDeselect={false}
      searchable={domains.length > 8}
      nothingFoundMessage="دامنه‌ای با این نام نیست"
      w={{ base: '100%', xs: 320 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
