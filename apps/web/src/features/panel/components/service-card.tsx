import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { BILLING_CYCLE_LABELS } from '@vitrin/contracts';
import { Link } from 'react-router';
import { servicePath } from '../../../lib/panel-paths';
import { ServerIcon } from '../../../ui/icons';
import type { UserService } from '../api/get-user-services';
import { RenewButton } from './renew-button';
import classes from './service-card.module.css';
import { ServiceExpiry } from './service-expiry';
import { ServiceStatusBadge } from './service-status-badge';

/** One service in a list: what it is, its state and expiry, and «تمدید». */
export function ServiceCard({ service }: { service: UserService }) {
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p="md"
      className={classes.card}
      aria-label={service.name}
    >
      <div className={classes.grid}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {service.product?.iconUrl ? (
            <img
              src={service.product.iconUrl}
              alt=""
              width={44}
              height={44}
              className={classes.icon}
            />
          ) : (
            <Group className={classes.icon} justify="center" c="brand.7" aria-hidden="true">
              <ServerIcon size={22} />
            </Group>
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={servicePath(service.id)}
              fw={700}
              c="dark.8"
              className={classes.name}
            >
              {service.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {service.product
                ? `${service.product.groupName} · ${service.product.name}`
                : 'محصولی که دیگر فروخته نمی‌شود'}
              {service.cycle && ` · ${BILLING_CYCLE_LABELS[service.cycle]}`}
            </Text>
            {service.domainName && (
              <Text size="sm">
                <Text span size="sm" c="dimmed">
                  دامنه:{' '}
                </Text>
                <bdi dir="ltr">{service.domainName}</bdi>
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <ServiceStatusBadge status={service.status} />
          <ServiceExpiry
            expiresAt={service.expiresAt}
            daysLeft={service.daysLeft}
            status={service.status}
          />
        </Group>
        <div className={classes.actions}>
          <RenewButton service={service} />
          <Button
            component={Link}
            to={servicePath(service.id)}
            size="sm"
            variant="default"
            aria-label={`جزئیات ${service.name}`}
          >
            جزئیات
          </Button>
        </div>
      </div>
    </Paper>
  );
}
