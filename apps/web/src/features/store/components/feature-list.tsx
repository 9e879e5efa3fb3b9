import { Group, Stack, Text } from '@mantine/core';
import type { PathResult } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { CheckCircleIcon, XCircleIcon } from '../../../ui/icons';

type Feature = PathResult<'/api/store/get-product'>['features'][number];

/** What this plan includes, each with its amount, and what it does not, greyed. */
export function FeatureList({ features }: { features: Feature[] }) {
  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {features.map((feature, index) => (
        <Group
          key={feature.label}
          component="li"
          gap="sm"
          wrap="nowrap"
          py={10}
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
        >
          {feature.included ? (
            <CheckCircleIcon
              size={20}
              color="var(--mantine-color-green-7)"
              style={{ flex: 'none' }}
            />
          ) : (
            <XCircleIcon size={20} color="var(--mantine-color-gray-5)" style={{ flex: 'none' }} />
          )}
          <Text c={feature.included ? undefined : 'dimmed'} style={{ flex: 1 }}>
            {feature.label}
            {!feature.included && (
              <Text span c="dimmed" size="sm">
                {' '}
                (ندارد)
              </Text>
            )}
          </Text>
          {feature.value !== null && (
            <Text fw={700} c={feature.included ? 'dark.7' : 'dimmed'} ta="end">
              {toPersianDigits(feature.value)}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
