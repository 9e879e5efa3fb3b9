import { NativeSelect, Textarea } from '@mantine/core';
import { PANEL_KIND_LABELS } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '../../../../lib/api-error';
import { fieldError } from '../../../../lib/field-error';
import { showSuccessToast } from '../../../../lib/toast';
import { REASON_MAX_LENGTH } from '../../../console/components/confirm-action';
import { FormDialog } from '../../../console/components/form-dialog';
import { usePanelServers } from '../api/panel-servers';
import type { TimelineService, useSetupActions } from '../api/service-timeline';

interface RetrySetupDialogProps {
  staffId: string;
  service: TimelineService;
  retry: ReturnType<typeof useSetupActions>['retry'];
}

const SAME_SERVER = '';

/**
 * «تلاش دوباره» (admins): sends the setup round again, on the same server or, chosen here, on
 * another enabled one; the reason is optional and stays in the timeline and the audit log.
 */
export function RetrySetupDialog({ staffId, service, retry }: RetrySetupDialogProps) {
  const [opened, setOpened] = useState(false);
  const [serverId, setServerId] = useState(SAME_SERVER);
  const [reason, setReason] = useState('');
  const servers = usePanelServers(staffId);

  const close = () => {
    if (retry.isPending) return;
    setOpened(false);
    setServerId(SAME_SERVER);
    setReason('');
    retry.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    retry.mutate(
      {
        ...(serverId !== SAME_SERVER ? { serverId } : {}),
        ...(trimmed ? { reason: trimmed } : {}),
      },
      {
        onSuccess: () => {
          showSuccessToast('راه‌اندازی دوباره در صف است');
          setOpened(false);
          setServerId(SAME_SERVER);
          setReason('');
        },
      },
    );
  };

  const others = (servers.data?.items ?? []).filter(
    (server) => server.enabled && server.id !== service.server?.id,
  );
  const serverError = fieldError(retry.error, 'serverId');
  const reasonError = fieldError(retry.error, 'reason');
  const otherError =
    retry.error && !serverError && !reasonError ? describeApiError(retry.error) : null;

  return (
    <FormDialog
      openLabel="تلاش دوباره"
      opened={opened}
      onOpen={() => setOpened(true)}
      onClose={close}
      title={`تلاش دوباره برای ${service.name}`}
      formLabel="تلاش دوباره برای راه‌اندازی"
      onSubmit={submit}
      current={{
        label: 'سرور کنونی: ',
        value: service.server ? <bdi>{service.server.name}</bdi> : 'هنوز انتخاب نشده',
      }}
      otherError={otherError}
      pending={retry.isPending}
      submitLabel="بفرست برای راه‌اندازی"
      submitColor="blue"
    >
      <NativeSelect
        label="سرور"
        description={
          servers.isError
            ? 'فهرست سرورها بارگذاری نشد؛ روی همان سرور دوباره تلاش می‌شود.'
            : 'اختیاری؛ برای راه‌اندازی روی سروری دیگر، پیش از آن‌که حسابی روی سرور کنونی ساخته شده باشد.'
        }
        value={serverId}
        onChange={(event) => setServerId(event.currentTarget.value)}
        disabled={!servers.data}
        error={serverError}
        data={[
          {
            value: SAME_SERVER,
            label: servers.data
              ? service.server
                ? 'همان سرور کنونی'
                : 'کم‌بارترین سرور گروه محصول'
              : 'در حال بارگذاری سرورها…',
          },
          ...others.map((server) => ({
            value: server.id,
            label: `${server.name} · ${PANEL_KIND_LABELS[server.kind]} · گروه ${server.groupName} (${toPersianDigits(server.accounts)} از ${toPersianDigits(server.capacity)})`,
          })),
        ]}
      />
      <Textarea
        label="دلیل"
        description="اختیاری؛ در رویدادهای سرویس و گزارش کارها می‌ماند."
        rows={3}
        maxLength={REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={reasonError}
      />
    </FormDialog>
  );
}
