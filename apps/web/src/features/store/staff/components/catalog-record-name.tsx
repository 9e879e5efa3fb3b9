import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface CatalogRecordNameProps {
  /** Before the name: the record's icon or preview; nothing when it has none. */
  picture: ReactNode;
  /** The record's page. */
  to: string;
  name: string;
  slug: string;
}

/** A catalog list's record: its picture, its name linking to its page, and its slug under it. */
export function CatalogRecordName({ picture, to, name, slug }: CatalogRecordNameProps) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      {picture}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={to} fw={700} size="sm">
          {name}
        </Anchor>
        <Text size="xs" c="dimmed" dir="ltr" ta="right" style={{ overflowWrap: 'anywhere' }}>
          {slug}
        </Text>
      </Stack>
    </Group>
  );
}
