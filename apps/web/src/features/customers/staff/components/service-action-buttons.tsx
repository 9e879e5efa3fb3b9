import { Group } from '@mantine/core';
import { ConfirmAction } from '../../../console/components/confirm-action';
import type { CustomerServiceView } from '../api/customers';
import type { useServiceActions } from '../api/services';
import { serviceActionsFor } from '../utils/service-actions';
import { ServiceExtendDialog } from './service-extend-dialog';

interface ServiceActionButtonsProps {
  service: CustomerServiceView;
  actions: ReturnType<typeof useServiceActions>;
}

/** An admin's actions on one service, as its state allows; each change asks first. */
export function ServiceActionButtons({ service, actions }: ServiceActionButtonsProps) {
  const allowed = serviceActionsFor(service.status);
  if (allowed.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap">
      {allowed.includes('suspend') && (
        <ConfirmAction
          label="تعلیق"
          size="compact-sm"
          color="orange"
          title={`تعلیق ${service.name}`}
          description="سرویس تا رفع تعلیق از کار می‌افتد؛ تاریخ انقضایش تغییری نمی‌کند."
          confirmLabel="بله، معلق شود"
          reason="optional"
          successMessage="سرویس معلق شد"
          onConfirm={(reason) => actions.suspend(service.id, reason)}
        />
      )}
      {allowed.includes('unsuspend') && (
        <ConfirmAction
          label="رفع تعلیق"
          size="compact-sm"
          color="teal"
          title={`رفع تعلیق ${service.name}`}
          description="سرویس دوباره فعال می‌شود، یا اگر تاریخ انقضایش گذشته باشد منقضی‌شده."
          confirmLabel="بله، رفع تعلیق شود"
          reason="optional"
          successMessage="تعلیق سرویس برداشته شد"
          onConfirm={(reason) => actions.unsuspend(service.id, reason)}
        />
      )}
      {allowed.includes('extend') && (
        <ServiceExtendDialog
          service={service}
          extend={(extension, reason) => actions.extend(service.id, extension, reason)}
        />
      )}
      {allowed.includes('cancel') && (
        <ConfirmAction
          label="لغو"
          size="compact-sm"
          title={`لغو ${service.name}`}
          description="سرویس لغو می‌شود و دیگر نمی‌توان آن را تمدید کرد. این کار برگشت ندارد."
          confirmLabel="بله، لغو شود"
          reason="optional"
          successMessage="سرویس لغو شد"
          onConfirm={(reason) => actions.cancel(service.id, reason)}
        />
      )}
    </Group>
  );
}
