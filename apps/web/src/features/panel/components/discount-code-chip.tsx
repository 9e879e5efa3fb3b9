import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { CheckIcon, CopyIcon } from '../../../ui/icons';

/** A discount code as it is typed in the cart: Latin, monospace, with a copy button. */
export function DiscountCodeChip({ code }: { code: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code
        dir="ltr"
        fz="md"
        fw={700}
        px="sm"
        py={4}
        style={{ userSelect: 'all', letterSpacing: '0.04em', overflowWrap: 'anywhere' }}
      >
        {code}
      </Code>
      <CopyButton value={code} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'کپی شد' : 'کپی کد'} withArrow position="top">
            <ActionIcon
              variant={copied ? 'light' : 'subtle'}
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? `کد ${code} کپی شد` : `کپی کد ${code}`}
            >
              {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
