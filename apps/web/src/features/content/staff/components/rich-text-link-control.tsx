import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import type { Editor } from '@tiptap/react';
import { type KeyboardEvent, useState } from 'react';
import { checkLinkAddress, LINK_ADDRESS_HINT } from '../utils/article-link';

export const LINK_CONTROL_LABEL = 'افزودن یا ویرایش پیوند';

/**
 * The editor's link button: a small form for the address that takes only what the server keeps
 * (https, mailto, a path on this site) and says why another address is refused. With no text
 * selected, the address itself is inserted as the link's text.
 */
export function RichTextLinkControl({ editor }: { editor: Editor | null }) {
  const [opened, setOpened] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setAddress((editor?.getAttributes('link').href as string | undefined) ?? '');
    setError(null);
    setOpened(true);
  };

  const save = () => {
    if (!editor) return;
    const checked = checkLinkAddress(address);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({
          type: 'text',
          text: checked.href,
          marks: [{ type: 'link', attrs: { href: checked.href } }],
        })
        .run();
    } else {
      chain.setLink({ href: checked.href }).run();
    }
    setOpened(false);
  };

  // Not a nested form: the popover is in a portal, but React would still bubble its submit to
  // the article's form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      withinPortal
      shadow="md"
      position="bottom-end"
      zIndex={300}
    >
      <Popover.Target>
        <RichTextEditor.Control
          onClick={open}
          aria-label={LINK_CONTROL_LABEL}
          title={LINK_CONTROL_LABEL}
          active={editor?.isActive('link') ?? false}
        >
          <LinkIcon />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown w={320} maw="calc(100vw - 32px)">
        <Stack gap="xs">
          <TextInput
            label="نشانی پیوند"
            description={LINK_ADDRESS_HINT}
            dir="ltr"
            placeholder="https://"
            value={address}
            onChange={(event) => {
              setAddress(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={onKeyDown}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              انصراف
            </Button>
            <Button size="xs" onClick={save}>
              ثبت پیوند
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function LinkIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 15l6 -6" />
      <path d="M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464" />
      <path d="M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463" />
    </svg>
  );
}
