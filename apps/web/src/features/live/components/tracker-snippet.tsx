import { Alert, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { CopyIcon } from '../../../ui/icons';
import classes from './tracker-snippet.module.css';

/** The one line a customer pastes into their site (docs/live-protocol.md §1). */
export function trackerSnippet(trackerScriptUrl: string): string {
  return `<script defer src="${trackerScriptUrl}"></script>`;
}

interface TrackerSnippetProps {
  trackerScriptUrl: string;
  /** No visit ever received: the snippet is probably not on the site yet. */
  noVisitsYet: boolean;
  domainName: string;
}

/** The tracker snippet with a copy button, and where it goes. */
export function TrackerSnippet({ trackerScriptUrl, noVisitsYet, domainName }: TrackerSnippetProps) {
  const snippet = trackerSnippet(trackerScriptUrl);

  function copy() {
    // Without a secure context (or with a browser that says no) there is no clipboard to use.
    if (!navigator.clipboard) {
      showErrorToast('کپی نشد؛ کد را انتخاب و کپی کنید.');
      return;
    }
    navigator.clipboard.writeText(snippet).then(
      () => showSuccessToast('کد ردیاب کپی شد'),
      () => showErrorToast('کپی نشد؛ کد را انتخاب و کپی کنید.'),
    );
  }

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        {noVisitsYet && (
          <Alert color="amber" variant="light" p="sm">
            <Text size="sm">
              هنوز هیچ بازدیدی از <bdi dir="ltr">{domainName}</bdi> نرسیده است. اگر کد زیر را در
              سایت‌تان نگذاشته‌اید، اکنون بگذارید؛ با نخستین بازدید، آمار اینجا پیدا می‌شود.
            </Text>
          </Alert>
        )}
        <Text size="sm">
          این کد را در همهٔ صفحه‌های سایت‌تان، پیش از{' '}
          <Code dir="ltr" fz="sm">
            {'</head>'}
          </Code>{' '}
          بگذارید.
        </Text>
        <pre dir="ltr" className={classes.code}>
          <code>{snippet}</code>
        </pre>
        <Group>
          <Button variant="light" leftSection={<CopyIcon size={18} />} onClick={copy}>
            کپی کد
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
