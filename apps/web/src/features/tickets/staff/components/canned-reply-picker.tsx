import {
  Anchor,
  Button,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_QUERY_MAX_LENGTH } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { useState } from 'react';
import { Link } from 'react-router';
import { FileTextIcon, SearchIcon } from '../../../../ui/icons';
import { LoadFailedLine } from '../../../../ui/load-failed';
import { type CannedReply, useCannedReplies } from '../api/canned-replies';
import { CANNED_REPLIES_PATH } from '../utils/ticket-filters';

/** How many replies the picker lists at once; searching narrows the rest. */
const PICKER_PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 250;

interface CannedReplyPickerProps {
  userId: string;
  /** Puts the chosen reply's text into the message. */
  onPick: (reply: CannedReply) => void;
  disabled?: boolean;
}

/** «پاسخ آماده»: a dialog to search the canned replies and put one into the message. */
export function CannedReplyPicker({ userId, onPick, disabled = false }: CannedReplyPickerProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const replies = useCannedReplies(
    userId,
    { search: debounced, page: 1 },
    { pageSize: PICKER_PAGE_SIZE, enabled: opened },
  );
  const data = replies.data;

  return (
    <>
      <Button
        variant="default"
        leftSection={<FileTextIcon size={18} />}
        onClick={() => setOpened(true)}
        disabled={disabled}
      >
        پاسخ آماده
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="درج پاسخ آماده"
        size="lg"
        returnFocus={false}
        closeButtonProps={{ 'aria-label': 'بستن' }}
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <Stack gap="sm">
          <TextInput
            label="جست‌وجو در پاسخ‌های آماده"
            placeholder="عنوان یا بخشی از متن"
            value={search}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            leftSection={<SearchIcon size={18} />}
            rightSection={replies.isFetching ? <Loader size="xs" /> : null}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-autofocus
          />
          {data ? (
            data.items.length === 0 ? (
              <Text size="sm" c="dimmed" py="md" ta="center">
                {debounced ? 'پاسخ آماده‌ای با این عبارت نیست.' : 'هنوز پاسخ آماده‌ای ثبت نشده است.'}
              </Text>
            ) : (
              <Stack
                component="ul"
                gap="xs"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label="پاسخ‌های آماده"
              >
                {data.items.map((reply) => (
                  <li key={reply.id}>
                    <UnstyledButton
                      w="100%"
                      p="sm"
                      onClick={() => {
                        onPick(reply);
                        setOpened(false);
                      }}
                      style={{
                        border: '1px solid var(--mantine-color-gray-3)',
                        borderRadius: 'var(--mantine-radius-md)',
                      }}
                      aria-label={`درج «${reply.title}»`}
                    >
                      <Text size="sm" fw={700}>
                        {reply.title}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                        {reply.body}
                      </Text>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            )
          ) : replies.isError ? (
            <LoadFailedLine message="پاسخ‌های آماده بارگذاری نشد." query={replies} />
          ) : (
            <Loader size="sm" aria-label="در حال بارگذاری پاسخ‌های آماده" />
          )}
          {data && data.total > data.items.length && (
            <Text size="xs" c="dimmed">
              {`${toPersianDigits(data.items.length)} از ${toPersianDigits(data.total)} پاسخ؛ برای دیدن بقیه جست‌وجو کنید.`}
            </Text>
          )}
          <Anchor component={Link} to={CANNED_REPLIES_PATH} size="sm">
            مدیریت پاسخ‌های آماده
          </Anchor>
        </Stack>
      </Modal>
    </>
  );
}
