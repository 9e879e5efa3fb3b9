import { Button, Group, Stack, Text } from '@mantine/core';
import { BILLING_CYCLE_LABELS } from '@vitrin/contracts';
import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/media-url';
import { servicePath } from '../../../lib/panel-paths';
import { ServerIcon } from '../../../ui/icons';
import { LabeledText } from '../../../ui/labeled-value';
import { LatinIsolated } from '../../../ui/latin-isolated';
import { ListCard, NameLink } from '../../../ui/list-card';
import { ProductIcon } from '../../../ui/product-icon';
import { ServiceStatusBadge } from '../../../ui/service-status-badge';
import type { UserService } from '../api/get-user-services';
import { RenewButton } from './renew-button';
import classes from './service-card.module.css';
import { ServiceExpiry } from './service-expiry';

/** One service in a list: what it is, its state and expiry, and «تمدید». */
export function ServiceCard({ service }: { service: UserService }) {
  return (
    <ListCard label={service.name}>
      <div className={classes.grid}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ProductIcon
            src={mediaUrl(service.product?.iconUrl)}
            size={44}
            fallback={<ServerIcon size={22} />}
          />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <NameLink to={servicePath(service.id)}>{service.name}</NameLink>
            <Text size="sm" c="dimmed">
              <LatinIsolated
                text={[
                  ...(service.product
                    ? [service.product.groupName, service.product.name]
                    : ['محصولی که دیگر فروخته نمی‌شود']),
                  ...(service.cycle ? [BILLING_CYCLE_LABELS[service.cycle]] : []),
                ].join(' · ')}
              />
            </Text>
            {service.domainName && (
              <LabeledText label="دامنه">
                <bdi dir="ltr">{service.domainName}</bdi>
              </LabeledText>
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
    </ListCard>
  );
}
