import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { EyeIcon, GlobeIcon, RetryIcon } from '../../../ui/icons';
import { LabeledValue } from '../../../ui/labeled-value';
import type { ServiceAccount } from '../api/get-service-access';
import { ControlPanelButton } from './control-panel-button';
import { CopyableCode } from './copyable-code';
import { PanelPasswordDialog, type PanelPasswordMode } from './panel-password-dialog';

interface ServiceAccessCardProps {
  userId: string;
  serviceId: string;
  account: ServiceAccount;
}

const LABEL_WIDTH = '6.5rem';

/**
 * Where and how to get into the service: the panel, the username, the site, single sign-on,
 * and the panel's password behind the person's own.
 */
export function ServiceAccessCard({ userId, serviceId, account }: ServiceAccessCardProps) {
  const [dialog, setDialog] = useState<PanelPasswordMode | null>(null);

  return (
    <Card component="section" aria-labelledby="service-access-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="service-access-title">
          دسترسی به کنترل پنل
        </Title>
        <Stack gap="xs">
          <LabeledValue labelWidth={LABEL_WIDTH} label="کنترل پنل">
            {account.panelName}
          </LabeledValue>
          <LabeledValue labelWidth={LABEL_WIDTH} label="نام کاربری">
            <CopyableCode value={account.username} label="نام کاربری" />
          </LabeledValue>
          <LabeledValue labelWidth={LABEL_WIDTH} label="دامنه">
            {account.domain ? <bdi dir="ltr">{account.domain}</bdi> : '—'}
          </LabeledValue>
          {account.siteUrl && (
            <LabeledValue labelWidth={LABEL_WIDTH} label="سایت">
              <Anchor
                href={account.siteUrl}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
              >
                <GlobeIcon size={16} aria-hidden="true" />
                باز کردن سایت
              </Anchor>
            </LabeledValue>
          )}
        </Stack>
        {!account.canSignIn && (
          <Text size="sm" c="dimmed">
            در وضعیت کنونی سرویس نمی‌توانید وارد کنترل پنل شوید یا گذرواژهٔ تازه بسازید.
          </Text>
        )}
        <Group gap="sm">
          <ControlPanelButton
            serviceId={serviceId}
            panelName={account.panelName}
            disabled={!account.canSignIn}
          />
          <Button
            variant="default"
            leftSection={<EyeIcon size={18} />}
            onClick={() => setDialog('reveal')}
          >
            نمایش گذرواژه
          </Button>
          <Button
            variant="subtle"
            leftSection={<RetryIcon size={18} />}
            onClick={() => setDialog('reset')}
            disabled={!account.canSignIn}
          >
            گذرواژهٔ تازه
          </Button>
        </Group>
      </Stack>
      {dialog && (
        <PanelPasswordDialog
          userId={userId}
          serviceId={serviceId}
          mode={dialog}
          opened
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
