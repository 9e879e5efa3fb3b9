import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { CheckIcon, CopyIcon } from '../../../ui/icons';

interface CopyableCodeProps {
  value: string;
  /** What it is, for the copy button: «نام کاربری», «گذرواژه». */
  label: string;
  /** Stretches to the width it is given (a long password), instead of its own. */
  grow?: boolean;
}

/** A Latin value as it is typed (a username, a password): left to right, monospace, copyable. */
export function CopyableCode({ value, label, grow = false }: CopyableCodeProps) {
  return (
    <Group gap={4} wrap="nowrap" style={grow ? undefined : { display: 'inline-flex' }}>
      <Code
        dir="ltr"
        fz="sm"
        px="sm"
        py={4}
        style={{
          userSelect: 'all',
          overflowWrap: 'anywhere',
          minWidth: 0,
          ...(grow ? { flex: 1 } : {}),
        }}
      >
        {value}
      </Code>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'کپی شد' : `کپی ${label}`} withArrow position="top">
            <ActionIcon
              variant={copied ? 'light' : 'subtle'}
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? `${label} کپی شد` : `کپی ${label}`}
            >
              {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
