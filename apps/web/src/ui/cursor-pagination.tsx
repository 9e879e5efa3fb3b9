import { Button, Group, Text } from '@mantine/core';
import { formatAmount } from '@vitrin/fa';
import { useLocation } from 'react-router';
import { fieldError } from '../lib/field-error';
import {
  type CursorPage,
  FIRST_PAGE,
  type ListMove,
  type ListPosition,
  nextMove,
  pageCount,
  previousMove,
  readTrail,
} from '../lib/list-cursor';
import { AlertIcon } from './icons';
import { StatusMessage } from './status-message';

interface CursorPaginationProps {
  position: ListPosition;
  pageSize: number;
  answer: CursorPage;
  /** Goes to the page: writes its place to the address and its trail to the history entry. */
  onMove: (move: ListMove) => void;
  /**
   * The answer is still the page before's while this one loads: its `nextCursor` is not this
   * page's, so «بعدی» waits.
   */
  answerIsPrevious?: boolean;
}

/**
 * «اول · قبلی · صفحهٔ ۳ از ۱۲ · بعدی» under a list that pages by cursor (decision 0033): every
 * step costs what the first page costs, however deep; nothing when everything fits on one page.
 * A step goes back to the top, where the new page's list starts.
 */
export function CursorPagination({
  position,
  pageSize,
  answer,
  onMove,
  answerIsPrevious = false,
}: CursorPaginationProps) {
  const { state } = useLocation();
  const trail = readTrail(state, position);
  const next = nextMove(position, trail, answer, pageSize);
  const previous = previousMove(position, trail);
  if (!next && !previous) return null;

  const move = (to: ListMove) => {
    onMove(to);
    window.scrollTo({ top: 0 });
  };
  const pages = pageCount(position, answer, pageSize);
  const where = `صفحهٔ ${formatAmount(position.page)} از ${answer.totalIsEstimate ? 'حدود ' : ''}${formatAmount(pages)}`;

  return (
    <Group component="nav" aria-label="صفحه‌بندی" justify="center" gap="xs" mt="xl" wrap="nowrap">
      <Button
        variant="default"
        size="sm"
        px="sm"
        disabled={position.page <= 1}
        onClick={() => move(FIRST_PAGE)}
        aria-label="صفحهٔ اول"
      >
        اول
      </Button>
      <Button
        variant="default"
        size="sm"
        disabled={!previous}
        onClick={() => previous && move(previous)}
        aria-label="صفحهٔ قبلی"
      >
        قبلی
      </Button>
      <Text size="sm" c="dimmed" ta="center" px={4} miw={0} aria-live="polite">
        {where}
      </Text>
      <Button
        variant="default"
        size="sm"
        disabled={!next || answerIsPrevious}
        onClick={() => next && !answerIsPrevious && move(next)}
        aria-label="صفحهٔ بعدی"
      >
        بعدی
      </Button>
    </Group>
  );
}

/** The server's reason when it refused the cursor a list sent (its 400 on `after`). */
export function cursorRefusal(error: unknown): string | undefined {
  return fieldError(error, 'after');
}

/**
 * In place of a list whose cursor the server refused (one from an older version of the list, or
 * a hand-edited address): the server's words and the way back to the first page.
 */
export function CursorRefused(props: { message: string; onMove: (move: ListMove) => void }) {
  const { message, onMove } = props;
  return (
    <StatusMessage icon={<AlertIcon size={32} />} color="orange" title={message}>
      <Button variant="light" onClick={() => onMove(FIRST_PAGE)}>
        رفتن به صفحهٔ اول
      </Button>
    </StatusMessage>
  );
}
