import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface LabeledValueProps {
  label: string;
  /** As wide as the longest label of its list, so the values line up. */
  labelWidth: string;
  children: ReactNode;
}

/** One fact of a record on one line: a dimmed label, then its value, which may wrap. */
export function LabeledValue({ label, labelWidth, children }: LabeledValueProps) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flex: 'none', minWidth: labelWidth }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** A fact as a line of text, its label dimmed: «دامنه: example.com». */
export function LabeledText({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span size="sm" c="dimmed">
        {`${label}:`}{' '}
      </Text>
      {children}
    </Text>
  );
}
