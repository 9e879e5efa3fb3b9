import { Stack, Text, type TextProps } from '@mantine/core';
import { splitLatinNote } from '../utils/timeline-labels';

interface EventMessageProps {
  message: string;
  size?: TextProps['size'];
  /** In a list, the message is cut to this many lines (the whole of it in the title). */
  lineClamp?: number;
  dimmed?: boolean;
}

/**
 * A timeline message as people read it: the Persian sentence, and the panel's English reason,
 * when it ends with one, on its own left-to-right line.
 */
export function EventMessage({
  message,
  size = 'sm',
  lineClamp,
  dimmed = false,
}: EventMessageProps) {
  const { text, note } = splitLatinNote(message);
  const color = dimmed ? 'dimmed' : undefined;
  return (
    <Stack gap={2} title={lineClamp ? message : undefined} style={{ minWidth: 0 }}>
      <Text size={size} c={color} lineClamp={lineClamp} style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {note && (
        <Text
          size={size}
          c={color}
          dir="ltr"
          ta="right"
          lineClamp={lineClamp}
          style={{ overflowWrap: 'anywhere' }}
        >
          {note}
        </Text>
      )}
    </Stack>
  );
}
